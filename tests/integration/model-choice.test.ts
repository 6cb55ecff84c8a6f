// Several models at once: the user picks one per generation (or a style's default),
// the price follows the choice, and the job records (and runs with) that provider.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ModelsView } from "#domain/models";
import type { JobView } from "#domain/objects";
import { pricesAtRate, standardPrices } from "#domain/pricing";
import type { StyleView } from "#domain/styles";
import { generationJobs, images } from "#server/db/schema";
import { createOfflineProvider } from "#server/generation/providers/offline.server";
import type { ImageProvider } from "#server/generation/providers/provider";
import { providerRegistry } from "#server/generation/providers/registry.server";
import { testDatabases } from "../support/databases";
import { balanceOf, createStyleThroughApi, json, ledgerSum, runJob, submitObjects } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { noQueue } from "../support/test-server";

/** A second engine under another id, at twice the standard prices. */
function secondModel(): ImageProvider {
  return {
    ...createOfflineProvider(),
    id: "gemini",
    model: "second-model",
    label: "Second model",
    prices: pricesAtRate(2),
  };
}

describe.each(testDatabases)("choosing a model on $name", (target) => {
  const api = setUpSignedInApi(target, "ann-models@example.com", {
    providers: () => providerRegistry([{ ...createOfflineProvider(), prices: standardPrices }, secondModel()]),
    queue: noQueue,
  });

  const jobRow = async (id: string) =>
    (await api.database.db.select().from(generationJobs).where(eq(generationJobs.id, id)))[0]!;

  it("lists the models on offer with their prices, the default first", async () => {
    const { models } = await json<{ models: ModelsView }>(
      await api.server.call("/api/styles", { cookie: api.user.cookie }),
    );
    expect(models.defaultId).toBe("offline");
    expect(models.models.map((m) => [m.id, m.label, m.prices.draft.square])).toEqual([
      ["offline", "Preview engine", 3],
      ["gemini", "Second model", 6],
    ]);
  });

  it("runs a set with the chosen model, priced by it, and records it on the job and its images", async () => {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const before = await balanceOf(api.database.db, api.user.userId);
    const { job } = await submitObjects(api.server, api.user.cookie, {
      styleId,
      subjects: ["Lantern", "Key"],
      model: "gemini",
    });
    // Draft square at twice the standard price: 6 credits an image.
    expect(job.credits).toBe(12);
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before - 12);
    expect(await jobRow(job.id)).toMatchObject({ provider: "gemini", model: "second-model" });
    expect((await runJob(api.server, job.id))?.status).toBe("succeeded");
    const made = await api.database.db.select().from(images).where(eq(images.jobId, job.id));
    expect(made.map((i) => [i.provider, i.model])).toEqual([
      ["gemini", "second-model"],
      ["gemini", "second-model"],
    ]);
    expect(await ledgerSum(api.database.db, api.user.userId)).toBe(await balanceOf(api.database.db, api.user.userId));
  });

  it("refuses a model that is not on offer, naming the field, and charges nothing", async () => {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const before = await balanceOf(api.database.db, api.user.userId);
    const response = await api.server.call("/api/objects", {
      method: "POST",
      cookie: api.user.cookie,
      json: { styleId, subjects: ["Lantern"], size: "square", detail: "draft", transparent: true, model: "openai" },
    });
    expect(response.status).toBe(400);
    const { error } = await json<{ error: { message: string; details: { field?: string } } }>(response);
    expect(error.message).toBe("That model is not available. Choose another.");
    expect(error.details.field).toBe("model");
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before);
  });

  it("makes a style's samples with its default model, and its objects and variations too unless told otherwise", async () => {
    const before = await balanceOf(api.database.db, api.user.userId);
    const { styleId, sampleJobId } = await createStyleThroughApi(api.server, api.user.cookie, { model: "gemini" });
    // Four draft square samples at 6 credits.
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before - 24);
    expect(await jobRow(sampleJobId)).toMatchObject({ provider: "gemini" });
    const { styles } = await json<{ styles: StyleView[] }>(
      await api.server.call("/api/styles", { cookie: api.user.cookie }),
    );
    expect(styles.find((s) => s.id === styleId)?.defaultModel).toBe("gemini");

    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Lantern"] });
    expect(await jobRow(set.job.id)).toMatchObject({ provider: "gemini" });
    await runJob(api.server, set.job.id);
    const objectId = set.objects[0]!.id;
    const variations = async (body: Record<string, unknown>) => {
      const response = await api.server.call(`/api/objects/${objectId}/variations`, {
        method: "POST",
        cookie: api.user.cookie,
        json: { count: 1, ...body },
      });
      expect(response.status).toBe(202);
      return (await json<{ job: JobView }>(response)).job;
    };
    expect(await jobRow((await variations({})).id)).toMatchObject({ provider: "gemini" });
    const cheaper = await variations({ model: "offline" });
    expect(cheaper.credits).toBe(3);
    expect(await jobRow(cheaper.id)).toMatchObject({ provider: "offline" });
  });

  it("changes a style's default model, and back to the operator's default with null", async () => {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const patch = (defaultModel: string | null) =>
      api.server.call(`/api/styles/${styleId}`, { method: "PATCH", cookie: api.user.cookie, json: { defaultModel } });
    expect((await patch("gemini")).status).toBe(200);
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Bell"] });
    expect(await jobRow(set.job.id)).toMatchObject({ provider: "gemini" });
    expect((await patch("nonesuch")).status).toBe(400);
    expect((await patch(null)).status).toBe(200);
    const next = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Drum"] });
    expect(await jobRow(next.job.id)).toMatchObject({ provider: "offline" });
  });
});
