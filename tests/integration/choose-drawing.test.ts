// "Choose another drawing": the library drawings the preview engine offers for an object, the
// choice kept on the object and drawn at once as its cover, free, and redrawn by later variations.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DrawingsReply } from "#domain/drawings";
import type { JobView, ObjectDetail } from "#domain/objects";
import { images, objects } from "#server/db/schema";
import { testDatabases } from "../support/databases";
import { balanceOf, json, ledgerSum, previewObject, runJob } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi } from "../support/test-server";

describe.each(testDatabases)("choosing another drawing on $name", (target) => {
  const api = setUpSignedInApi(target, "ann-drawing@example.com");

  const drawings = (objectId: string, cookie = api.user.cookie) =>
    api.server.call(`/api/objects/${objectId}/drawings`, { cookie });
  const choose = (objectId: string, body: unknown, cookie = api.user.cookie) =>
    api.server.call(`/api/objects/${objectId}/drawing`, { method: "POST", cookie, json: body });
  const objectOf = async (objectId: string) =>
    (
      await json<{ object: ObjectDetail }>(
        await api.server.call(`/api/objects/${objectId}`, { cookie: api.user.cookie }),
      )
    ).object;

  it("offers about a dozen drawings of the subject from more than one library, in the style", async () => {
    const { objectId } = await previewObject(api, "Fox");
    const response = await drawings(objectId);
    expect(response.status).toBe(200);
    const { current, candidates } = await json<DrawingsReply>(response);
    expect(candidates.length).toBeGreaterThanOrEqual(4);
    expect(candidates.length).toBeLessThanOrEqual(16);
    expect(new Set(candidates.map((c) => c.library)).size).toBeGreaterThan(1);
    expect(candidates.some((c) => /fox/.test(c.icon))).toBe(true);
    for (const candidate of candidates) expect(candidate.svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // The object is drawn from one of them now: its cover's.
    const cover = (await objectOf(objectId)).images[0]!;
    expect(current).toMatchObject({ icon: cover.credit!.icon });
  });

  it("draws the chosen one at once as the cover, free, keeps it, and later variations redraw it", async () => {
    const { objectId } = await previewObject(api, "Fox");
    const { current, candidates } = await json<DrawingsReply>(await drawings(objectId));
    const other = candidates.find((c) => c.icon !== current?.icon || c.set !== current?.set)!;
    const before = await balanceOf(api.database.db, api.user.userId);
    const imagesBefore = (await objectOf(objectId)).images.length;

    const response = await choose(objectId, { set: other.set, icon: other.icon });
    expect(response.status).toBe(200);
    const { object } = await json<{ object: ObjectDetail }>(response);
    expect(object.images).toHaveLength(imagesBefore + 1);
    const cover = object.images.find((i) => i.id === object.coverImageId)!;
    expect(cover.credit).toMatchObject({ icon: other.icon, library: other.library });
    expect(cover).toMatchObject({ provider: "offline", credits: 0, lineage: { operation: "generated" } });
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before);
    expect(await ledgerSum(api.database.db, api.user.userId)).toBe(before);
    const [kept] = await api.database.db.select().from(objects).where(eq(objects.id, objectId));
    expect(kept!.drawing).toEqual({ set: other.set, icon: other.icon });
    expect((await json<DrawingsReply>(await drawings(objectId))).current).toEqual({ set: other.set, icon: other.icon });
    expect(object.drawing).toEqual({ set: other.set, icon: other.icon });
    expect((await objectOf(objectId)).drawing).toEqual({ set: other.set, icon: other.icon });

    // The same choice again draws nothing more.
    const again = await json<{ object: ObjectDetail }>(await choose(objectId, { set: other.set, icon: other.icon }));
    expect(again.object.images).toHaveLength(imagesBefore + 1);
    expect(again.object.coverImageId).toBe(object.coverImageId);

    // More variations redraw the chosen icon (its other colours, then its mirror).
    const started = await api.server.call(`/api/objects/${objectId}/variations`, {
      method: "POST",
      cookie: api.user.cookie,
      json: { count: 2 },
    });
    expect(started.status).toBe(202);
    const { job } = await json<{ job: JobView }>(started);
    expect((await runJob(api.server, job.id))?.status).toBe("succeeded");
    const made = await api.database.db.select().from(images).where(eq(images.jobId, job.id));
    expect(made).toHaveLength(2);
    for (const image of made) expect(image.credit).toMatchObject({ icon: other.icon, library: other.library });
  });

  it("undoes a choice: choosing the drawing it had brings its first cover back and draws nothing", async () => {
    const { objectId } = await previewObject(api, "Fox");
    const first = await objectOf(objectId);
    expect(first.drawing).toBeNull();
    const { current, candidates } = await json<DrawingsReply>(await drawings(objectId));
    const other = candidates.find((c) => c.icon !== current?.icon || c.set !== current?.set)!;
    await choose(objectId, { set: other.set, icon: other.icon });

    const undone = await choose(objectId, current);
    expect(undone.status).toBe(200);
    const { object } = await json<{ object: ObjectDetail }>(undone);
    expect(object.coverImageId).toBe(first.coverImageId);
    expect(object.images).toHaveLength(first.images.length + 1);
    expect(object.drawing).toEqual(current);
  });

  it("refuses a drawing it does not offer, with the field at fault", async () => {
    const { objectId } = await previewObject(api, "Fox");
    const response = await choose(objectId, { set: "fluent-emoji-flat", icon: "not-an-icon-at-all" });
    expect(response.status).toBe(400);
    const body = await json<{ error: { fields: { path: string; message: string }[] } }>(response);
    expect(body.error.fields[0]).toMatchObject({ path: "icon", message: expect.stringMatching(/drawings offered/) });
    expect((await choose(objectId, { set: "", icon: "fox" })).status).toBe(400);
  });

  it("answers another workspace's object as missing", async () => {
    const { objectId } = await previewObject(api, "Fox");
    const bob = await signInThroughApi(api.server, "bob-drawing@example.com");
    expect((await drawings(objectId, bob.cookie)).status).toBe(404);
    expect((await choose(objectId, { set: "fluent-emoji-flat", icon: "fox" }, bob.cookie)).status).toBe(404);
  });

  it("refuses an object an AI model drew, in a plain sentence", async () => {
    const { objectId } = await previewObject(api, "Fox");
    await api.database.db.update(images).set({ provider: "openai" }).where(eq(images.objectId, objectId));
    const response = await drawings(objectId);
    expect(response.status).toBe(409);
    const body = await json<{ error: { message: string } }>(response);
    expect(body.error.message).toBe(
      "Choosing a drawing is for images the preview engine made; an AI model draws its own.",
    );
    expect((await choose(objectId, { set: "fluent-emoji-flat", icon: "fox" })).status).toBe(409);
  });
});
