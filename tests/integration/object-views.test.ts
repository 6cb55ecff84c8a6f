import { describe, expect, it } from "vitest";
import type { JobView, ObjectDetail } from "#domain/objects";
import { createOfflineProvider } from "#server/generation/providers/offline.server";
import type { GenerateRequest, ImageProvider } from "#server/generation/providers/provider";
import { testDatabases } from "../support/databases";
import {
  balanceOf,
  createStyleThroughApi,
  json,
  ledgerSum,
  posingPreview,
  runJob,
  submitObjects,
} from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi } from "../support/test-server";

/** The preview engine, noting every request it is sent. */
function recordingProvider(): { provider: ImageProvider; requests: GenerateRequest[] } {
  const inner = createOfflineProvider();
  const requests: GenerateRequest[] = [];
  return {
    requests,
    provider: { ...inner, generate: (request) => (requests.push(request), inner.generate(request)) },
  };
}

describe.each(testDatabases)("drawing an object in new poses, views and states on $name", (target) => {
  // Views with a model that can pose; the preview engine's refusal is tested at the end.
  const api = setUpSignedInApi(target, "ann-views@example.com", { provider: posingPreview() });

  const getObject = async (id: string) =>
    (await json<{ object: ObjectDetail }>(await api.server.call(`/api/objects/${id}`, { cookie: api.user.cookie })))
      .object;
  const askViews = (objectId: string, body: Record<string, unknown>, cookie = api.user.cookie) =>
    api.server.call(`/api/objects/${objectId}/views`, { method: "POST", cookie, json: body });

  async function oneObject() {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Knight"] });
    expect((await runJob(api.server, set.job.id))?.status).toBe("succeeded");
    return getObject(set.objects[0]!.id);
  }

  it("makes one image per view, each from the cover, paid once, and remembers what was asked", async () => {
    const object = await oneObject();
    const cover = object.images[0]!;
    const before = await balanceOf(api.database.db, api.user.userId);
    const response = await askViews(object.id, { views: ["front view", " side  view ", "Side view", "back view"] });
    expect(response.status).toBe(202);
    const { job } = await json<{ job: JobView }>(response);
    // Repeats are dropped: three views, three images, priced as three.
    expect(job).toMatchObject({ total: 3, title: "3 views of “Knight”" });
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before - job.credits);

    const { provider, requests } = recordingProvider();
    expect((await runJob(api.server, job.id, provider))?.status).toBe("succeeded");
    expect(requests).toHaveLength(3);
    const coverFile = Buffer.from(await (await api.server.call(cover.url, { cookie: api.user.cookie })).arrayBuffer());
    for (const [i, view] of ["front view", "side view", "back view"].entries()) {
      expect(requests[i]!.prompt).toContain(`The same Knight, ${view}`);
      // The cover goes first among the references, then the style's.
      expect(requests[i]!.references[0]!.data.equals(coverFile)).toBe(true);
      expect(requests[i]!.references.length).toBeGreaterThan(1);
    }

    const after = await getObject(object.id);
    const made = after.images.filter((image) => image.jobId === job.id);
    expect(made.map((image) => image.lineage)).toEqual(
      ["front view", "side view", "back view"].map((view) => ({
        operation: "generated",
        parentImageId: cover.id,
        factor: null,
        method: null,
        view,
        instruction: null,
        sides: null,
        pixelArt: null,
        palette: null,
        normalise: null,
        tile: null,
        animation: null,
      })),
    );
    expect(await ledgerSum(api.database.db, api.user.userId)).toBe(await balanceOf(api.database.db, api.user.userId));
  });

  it("refuses no views, too many, long ones and someone else's object, charging nothing", async () => {
    const object = await oneObject();
    const before = await balanceOf(api.database.db, api.user.userId);
    for (const views of [[], ["  "], Array.from({ length: 9 }, (_, i) => `pose ${i}`), ["x".repeat(81)]]) {
      expect((await askViews(object.id, { views })).status, JSON.stringify(views)).toBe(400);
    }
    const bob = await signInThroughApi(api.server, "bob-views@example.com");
    expect((await askViews(object.id, { views: ["side view"] }, bob.cookie)).status).toBe(404);
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before);
  });
});

describe.each(testDatabases)("views on the preview engine on $name", (target) => {
  const api = setUpSignedInApi(target, "ann-preview-views@example.com");

  it("refuses views before anything is made or paid, saying why, and offers none in the models list", async () => {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Knight"] });
    expect((await runJob(api.server, set.job.id))?.status).toBe("succeeded");
    const before = await balanceOf(api.database.db, api.user.userId);
    const jobsBefore = await api.server.call("/api/jobs", { cookie: api.user.cookie }).then((r) => r.json());
    const response = await api.server.call(`/api/objects/${set.objects[0]!.id}/views`, {
      method: "POST",
      cookie: api.user.cookie,
      json: { views: ["front view", "side view"] },
    });
    expect(response.status).toBe(409);
    const { error } = await json<{ error: { message: string } }>(response);
    expect(error.message).toContain("cannot draw other views");
    expect(error.message).toContain("An AI model draws them");
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before);
    expect(await api.server.call("/api/jobs", { cookie: api.user.cookie }).then((r) => r.json())).toEqual(jobsBefore);
    const { models } = await json<{
      models: { models: { id: string; views: { can: boolean; why: string | null } }[] };
    }>(await api.server.call("/api/styles", { cookie: api.user.cookie }));
    expect(models.models.find((m) => m.id === "offline")?.views).toMatchObject({ can: false });
  });
});
