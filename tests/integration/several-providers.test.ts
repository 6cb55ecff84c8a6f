// Every provider at once (issue 37: "Several at once"): IMAGE_PROVIDERS names each provider
// plugin, each pointed at the local fake of its API. The models list carries each with its own
// price and what it can do; a set made with a model other than the default runs on that model's
// fake and is paid at that model's price; and what a model cannot do is refused with a 409 that
// says why (the reason the composer shows), before anything is paid or any provider is asked.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { modelAbilities, type ModelAbilityKey } from "#domain/model-abilities";
import type { ModelsView, ModelView } from "#domain/models";
import type { JobView } from "#domain/objects";
import { parsePriceSetting, unitPrice } from "#domain/pricing";
import { generationJobs, images } from "#server/db/schema";
import { providerPlugins } from "#server/generation/providers/plugins/index.server";
import { testDatabases } from "../support/databases";
import { insertStyle, json, runJob, submitObjects } from "../support/factories";
import { paidObjectJobs } from "../support/paid-object-jobs";
import { startProviderFakes, type ProviderFakes } from "../support/provider-fakes";
import { setUpSignedInApi } from "../support/signed-in-api";
import { noQueue } from "../support/test-server";

/** Each provider at a price of its own: a draft square image costs a different number of credits on each. */
const priceSettings: Record<string, [variable: string, setting: string]> = {
  offline: ["PREVIEW_PRICE", "free"],
  openai: ["OPENAI_PRICE", "2"],
  "azure-openai": ["AZURE_OPENAI_PRICE", "standard"],
  gemini: ["GEMINI_PRICE", "3"],
  fal: ["FAL_PRICE", "4"],
  replicate: ["REPLICATE_PRICE", "5"],
  bfl: ["BFL_PRICE", "0.5"],
  stability: ["STABILITY_PRICE", "draft=4/6,standard=9/14,high=32/48"],
  comfyui: ["COMFYUI_PRICE", "1.5"],
  a1111: ["A1111_PRICE", "draft=7/9,standard=10/15,high=33/50"],
  recraft: ["RECRAFT_PRICE", "draft=8/10,standard=12/18,high=40/60"],
};

/** What each model can do besides drawing, as its provider declares it with these settings. */
const expectedAbilities: Record<string, Record<ModelAbilityKey, boolean>> = {
  offline: { edit: false, region: false, views: false, upscale: false, train: false, vector: false },
  openai: { edit: false, region: false, views: true, upscale: false, train: false, vector: false },
  "azure-openai": { edit: true, region: true, views: true, upscale: false, train: false, vector: false },
  gemini: { edit: true, region: false, views: true, upscale: false, train: false, vector: false },
  fal: { edit: true, region: true, views: true, upscale: true, train: true, vector: false },
  replicate: { edit: true, region: true, views: true, upscale: true, train: true, vector: false },
  bfl: { edit: true, region: true, views: true, upscale: false, train: false, vector: false },
  stability: { edit: true, region: true, views: true, upscale: true, train: false, vector: false },
  comfyui: { edit: true, region: true, views: true, upscale: false, train: false, vector: false },
  a1111: { edit: true, region: true, views: true, upscale: false, train: false, vector: false },
  recraft: { edit: true, region: true, views: true, upscale: true, train: false, vector: true },
};

const abilitiesOf = (model: ModelView) =>
  Object.fromEntries(modelAbilities(model).map((ability) => [ability.key, ability.can]));

describe.each(testDatabases)("every provider at once on $name", { timeout: 60_000 }, (target) => {
  let fakes: ProviderFakes;
  // The fakes' hooks come first, so they are up when the server reads their addresses.
  beforeAll(async () => {
    fakes = await startProviderFakes();
  });
  afterAll(() => fakes?.close());
  const api = setUpSignedInApi(
    target,
    "every-provider@example.com",
    { plugins: providerPlugins, queue: noQueue },
    () => ({
      ...fakes.env,
      ...Object.fromEntries(Object.values(priceSettings)),
    }),
  );
  const { getObject, balance, expectLedgerExact } = paidObjectJobs(api);
  let styleId: string;
  beforeAll(async () => {
    styleId = await insertStyle(api.database.db, { ownerId: api.user.userId });
  });

  const listModels = async () => json<ModelsView>(await api.server.call("/api/models", { cookie: api.user.cookie }));
  const jobCount = async () => (await api.database.db.select({ id: generationJobs.id }).from(generationJobs)).length;

  it("offers every provider plugin, each reaching its own fake", async () => {
    expect(fakes.ids, "a fake for each provider plugin").toEqual(providerPlugins.map((plugin) => plugin.id));
    const offered = api.server.services.providers.offered;
    expect(offered.map((provider) => provider.id)).toEqual(fakes.ids);
    for (const provider of offered.filter((p) => p.checkConnection)) {
      const probe = await provider.checkConnection!(AbortSignal.timeout(5_000));
      expect(probe.modelAvailable, `${provider.id}: ${probe.message}`).not.toBe(false);
    }
  });

  it("lists each model with its own price and what it can do, the preview engine first", async () => {
    const { models, defaultId } = await listModels();
    expect(defaultId).toBe("offline");
    expect(models.map((model) => model.id)).toEqual(fakes.ids);
    for (const model of models) {
      expect(model.prices, model.id).toEqual(parsePriceSetting(priceSettings[model.id]![1], { maxRate: 10 }));
      expect(abilitiesOf(model), model.id).toEqual(expectedAbilities[model.id]);
      expect(model.reachable, model.id).toBe(true);
    }
    const draftSquare = models.map((model) => unitPrice({ size: "square", detail: "draft", prices: model.prices }));
    expect(new Set(draftSquare).size, "each at a price of its own").toBe(models.length);
    // Where a model cannot, the reason is the provider's own sentence, where it has one.
    const gemini = models.find((model) => model.id === "gemini")!;
    expect(gemini.edit.why).toMatch(/cannot keep to a painted region/);
    expect(models.find((model) => model.id === "openai")!.edit.why).toMatch(/draws from words only/);
  });

  it.each(["stability", "a1111", "azure-openai"])(
    "makes a set with %s, on its fake, paid at its own price",
    async (id) => {
      const model = (await listModels()).models.find((m) => m.id === id)!;
      const price = unitPrice({ size: "square", detail: "draft", prices: model.prices });
      const [before, asked] = [await balance(), fakes.asked()];
      const { job, objects } = await submitObjects(api.server, api.user.cookie, {
        styleId,
        subjects: [`${id} lantern`],
        transparent: false,
        model: id,
      });
      expect(job.credits).toBe(price);
      expect(await balance()).toBe(before - price);
      expect(await runJob(api.server, job.id)).toMatchObject({ status: "succeeded", imagesMade: 1 });
      const made = await api.database.db.select().from(images).where(eq(images.jobId, job.id));
      expect(made.map((image) => image.provider)).toEqual([id]);
      expect(await balance(), "kept: the image was made").toBe(before - price);
      await expectLedgerExact();
      // Only its own fake was asked for an image.
      expect(fakes.asked()).toEqual({ ...asked, [id]: asked[id]! + 1 });
      expect((await getObject(objects[0]!.id)).images).toHaveLength(1);
    },
  );

  it("refuses what a model cannot do with a 409 and its reason, before anything is paid or asked", async () => {
    const { models } = await listModels();
    const made = await submitObjects(api.server, api.user.cookie, {
      styleId,
      subjects: ["refused lantern"],
      transparent: false,
      model: "stability",
    });
    await runJob(api.server, made.job.id);
    const objectId = made.objects[0]!.id;
    const image = (await getObject(objectId)).images[0]!;
    const mask = await sharp({
      create: { width: image.width, height: image.height, channels: 3, background: "#ffffff" },
    })
      .png()
      .toBuffer();
    const why = (id: string, key: ModelAbilityKey) =>
      modelAbilities(models.find((model) => model.id === id)!).find((ability) => ability.key === key)!.why!;
    const label = (id: string) => models.find((model) => model.id === id)!.label;

    const refusals: { path: string; body: Record<string, unknown>; says: string }[] = [
      {
        path: "edit",
        body: { imageId: image.id, instruction: "at night", mask: mask.toString("base64"), model: "gemini" },
        says: why("gemini", "region"),
      },
      {
        path: "edit",
        body: { imageId: image.id, instruction: "at night", model: "openai" },
        says: why("openai", "edit"),
      },
      {
        path: "outpaint",
        body: { imageId: image.id, mode: "extend", sides: { left: 0.5 }, model: "gemini" },
        says: why("gemini", "region"),
      },
      { path: "views", body: { views: ["side view"], model: "offline" }, says: why("offline", "views") },
      {
        path: "ai-upscale",
        body: { imageId: image.id, factor: 2, model: "bfl" },
        says: `${label("bfl")} has no AI upscaler`,
      },
    ];
    const [before, jobs, asked] = [await balance(), await jobCount(), fakes.asked()];
    for (const refusal of refusals) {
      const response = await api.server.call(`/api/objects/${objectId}/${refusal.path}`, {
        method: "POST",
        cookie: api.user.cookie,
        json: refusal.body,
      });
      const answer = await json<{ error: { code: string; message: string; details: { field?: string } } }>(response);
      expect([response.status, answer.error.code], `${refusal.path} with ${refusal.body.model}`).toEqual([
        409,
        "conflict",
      ]);
      expect(answer.error.message).toContain(refusal.says);
      expect(answer.error.details.field).toBe("model");
    }
    expect(await balance(), "nothing paid").toBe(before);
    expect(await jobCount(), "no job").toBe(jobs);
    expect(fakes.asked(), "no provider asked").toEqual(asked);
    await expectLedgerExact();
  });

  it("does with a model that can what another could not, for the price it lists", async () => {
    const { models } = await listModels();
    const made = await submitObjects(api.server, api.user.cookie, {
      styleId,
      subjects: ["upscaled lantern"],
      transparent: false,
      model: "stability",
    });
    await runJob(api.server, made.job.id);
    const image = (await getObject(made.objects[0]!.id)).images[0]!;
    const before = await balance();
    const response = await api.server.call(`/api/objects/${made.objects[0]!.id}/ai-upscale`, {
      method: "POST",
      cookie: api.user.cookie,
      json: { imageId: image.id, factor: 2, model: "stability" },
    });
    expect(response.status).toBe(202);
    const { job } = await json<{ job: JobView }>(response);
    const stability = models.find((model) => model.id === "stability")!;
    expect(job.credits).toBe(unitPrice({ size: "square", detail: "draft", prices: stability.prices }));
    expect(await balance()).toBe(before - job.credits);
  });
});
