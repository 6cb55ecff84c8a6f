// LoRA training and drawing with a trained LoRA on fal, fal's own client against the local fal:
// the dataset ZIP goes to fal's storage and FLUX LoRA fast training gets its URL, trigger word,
// steps and kind; each check is one look (queued, running with the logged steps, then the LoRA's
// URL), a failure is said as one, a cancel reaches fal's queue, the weights download; a request
// with a trained model goes to FLUX LoRA with the LoRA and its trigger word, its references left
// out and said so, while one without keeps to FLUX.1 Kontext.
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { datasetZip } from "#server/learning/dataset.server";
import { downloadFile } from "#server/generation/providers/fal-http.server";
import { withTriggerWord } from "#server/generation/providers/fal-lora.server";
import { parseFalTrainingId } from "#server/generation/providers/fal-training.server";
import { createFalProvider, DEFAULT_FAL_MODEL } from "#server/generation/providers/fal.server";
import { ProviderError, type ProviderTraining, type TrainRequest } from "#server/generation/providers/provider";
import { startFakeFal, type FakeFal } from "../fakes/fal-api";
import { sha256 } from "../fakes/recording-provider";
import { baseRequest } from "../support/provider-request";

const picture = (background: string) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background } })
    .png()
    .toBuffer();

describe("fal LoRA training and drawing against a local fal", () => {
  let fake: FakeFal;
  let dataset: Buffer;
  const provider = () =>
    createFalProvider({
      key: fake.key,
      model: DEFAULT_FAL_MODEL,
      baseUrl: fake.url,
      timeoutMs: 5_000,
      pollIntervalMs: 5,
    });
  const training = (): ProviderTraining => provider().training!;
  const trainRequest = (overrides: Partial<TrainRequest> = {}): TrainRequest => ({
    id: "training-1",
    learns: "style",
    dataset,
    triggerWord: "mtfstyle",
    steps: 1000,
    ...overrides,
  });
  /** Starts a training and looks until it ends, at most `looks` times. */
  async function trainToEnd(request: TrainRequest, looks = 10) {
    const { providerId } = await training().start(request);
    for (let i = 0; i < looks; i++) {
      const state = await training().check(providerId);
      if (state.status !== "queued" && state.status !== "running") return { providerId, state };
    }
    throw new Error("The training did not end");
  }

  beforeAll(async () => {
    fake = await startFakeFal();
    dataset = await datasetZip([
      { data: await picture("#e76f51"), caption: "a fox, in the style of mtfstyle" },
      { data: await picture("#2a9d8f"), caption: "a teapot, in the style of mtfstyle" },
    ]);
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  it("says it trains with FLUX LoRA fast training", () => {
    expect(provider().capabilities.train).toEqual({ label: "FLUX LoRA fast training" });
    expect(provider().training?.download).toBeTypeOf("function");
  });

  it("uploads the ZIP, submits it to the trainer, and follows it from queued through its steps to the LoRA's URL", async () => {
    const { providerId } = await training().start(trainRequest());

    // The ZIP went to fal's storage, kept a day (the training may wait in fal's queue).
    expect(fake.uploads).toHaveLength(1);
    expect(fake.uploads[0]).toMatchObject({ contentType: "application/zip", sha256: sha256(dataset) });
    expect(JSON.parse(fake.uploads[0]!.lifecycle!)).toEqual({ expiration_duration_seconds: 86400 });
    expect(fake.submissions).toHaveLength(1);
    const [sent] = fake.submissions;
    expect(sent!.model).toBe("fal-ai/flux-lora-fast-training");
    expect(sent!.input).toEqual({
      images_data_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/files\/uploads\//),
      trigger_word: "mtfstyle",
      steps: 1000,
      is_style: true,
      create_masks: false,
    });
    // The trainer's runner read the pictures and their captions.
    expect(sent!.dataset).toMatchObject({
      entries: ["0001.png", "0001.txt", "0002.png", "0002.txt"],
      pictures: ["0001.png", "0002.png"],
      captions: { "0001.txt": "a fox, in the style of mtfstyle\n", "0002.txt": "a teapot, in the style of mtfstyle\n" },
    });
    // The endpoint and fal's request id: all a later process needs.
    expect(providerId).toBe(`fal-ai/flux-lora-fast-training|${sent!.requestId}`);
    expect(parseFalTrainingId(providerId, "other/trainer")).toEqual({
      endpoint: "fal-ai/flux-lora-fast-training",
      requestId: sent!.requestId,
    });

    // Each check is one look, from a provider made afresh (another process).
    expect(await training().check(providerId)).toEqual({ status: "queued", progress: 0 });
    expect(await training().check(providerId)).toEqual({ status: "running", progress: 33 });
    expect(await training().check(providerId)).toEqual({ status: "running", progress: 66 });
    const done = await training().check(providerId);
    const lora = `${fake.url}/files/output/${sent!.requestId}/pytorch_lora_weights.safetensors`;
    expect(done).toEqual({ status: "succeeded", model: { ref: lora, weightsUrl: lora } });
    // Looking again finds the same.
    expect(await training().check(providerId)).toEqual(done);
    expect(fake.cancels).toEqual([]);
  });

  it("asks for masks, not a style, when it learns a character", async () => {
    const { state } = await trainToEnd(trainRequest({ learns: "character", triggerWord: "zorblat", steps: 500 }));
    expect(state.status).toBe("succeeded");
    expect(fake.submissions[0]!.input).toMatchObject({
      trigger_word: "zorblat",
      steps: 500,
      is_style: false,
      create_masks: true,
    });
  });

  it("says a training fal could not finish failed, and one refused under the content policy refused", async () => {
    fake.control.failTraining = "runner_error";
    const failed = await trainToEnd(trainRequest());
    expect(failed.state).toEqual({
      status: "failed",
      reason: "The training failed at fal (HTTP 500): The runner encountered an internal server error",
      refused: false,
    });

    fake.control.failTraining = "content_policy";
    const refused = await trainToEnd(trainRequest());
    expect(refused.state).toEqual({
      status: "failed",
      reason: "fal declined this training under its content policy",
      refused: true,
    });
  });

  it("says a training fal no longer knows failed", async () => {
    expect(await training().check("fal-ai/flux-lora-fast-training|no-such-request")).toMatchObject({
      status: "failed",
      refused: false,
    });
  });

  it("cancels a running training on fal's queue, and leaves an ended one as it is", async () => {
    fake.control.holdTraining = true;
    const { providerId } = await training().start(trainRequest());
    const { requestId } = parseFalTrainingId(providerId, "");
    for (let i = 0; i < 4; i++) await training().check(providerId);
    expect(await training().check(providerId)).toEqual({ status: "running", progress: 66 });

    await training().cancel(providerId);
    expect(fake.cancels).toEqual([requestId]);
    expect(await training().check(providerId)).toEqual({ status: "cancelled" });

    // fal answers 400 for a request already ended: nothing to do.
    await training().cancel(providerId);
    expect(fake.cancels).toEqual([requestId, requestId]);
  });

  it("downloads the LoRA's weights, bounded in size", async () => {
    const { state } = await trainToEnd(trainRequest());
    if (state.status !== "succeeded") throw new Error(`The training ${state.status}`);
    const weights = await training().download!(state.model.weightsUrl!);
    // The safetensors layout: a little-endian header length, then its JSON header.
    const headerLength = Number(weights.readBigUInt64LE(0));
    expect(JSON.parse(weights.subarray(8, 8 + headerLength).toString())).toMatchObject({
      __metadata__: { trigger_word: "mtfstyle" },
    });
    await expect(
      downloadFile(state.model.weightsUrl!, AbortSignal.timeout(5_000), 1024, {
        a: "a LoRA file",
        the: "The LoRA file",
      }),
    ).rejects.toThrow(/^The image service returned a LoRA file over /);
    await expect(training().download!(`${fake.url}/files/output/nothing.safetensors`)).rejects.toThrow(
      "The LoRA file could not be downloaded (HTTP 404)",
    );
  });

  it("refuses input fal's trainer would not take: steps out of range, a file that is not a ZIP", async () => {
    await expect(training().start(trainRequest({ steps: 0 }))).rejects.toThrow(ProviderError);
    await expect(training().start(trainRequest({ steps: 0 }))).rejects.toThrow(/greater than or equal to 1/);
    await expect(training().start(trainRequest({ dataset: await picture("#264653") }))).rejects.toThrow(
      /not a valid zip archive/,
    );
    expect(fake.submissions).toHaveLength(0);
  });

  it("draws with a trained LoRA on FLUX LoRA: the LoRA at its scale, the trigger word first, the references left out", async () => {
    const { state } = await trainToEnd(trainRequest());
    if (state.status !== "succeeded") throw new Error(`The training ${state.status}`);
    fake.reset();
    const references = await Promise.all(["#e76f51", "#2a9d8f"].map(picture));
    const result = await provider().generate({
      ...baseRequest,
      size: "portrait",
      n: 2,
      references: references.map((data) => ({ data, mimeType: "image/png" as const })),
      learned: { ref: state.model.ref, scale: 0.8, triggerWord: "mtfstyle" },
    });

    expect(fake.uploads).toHaveLength(0);
    expect(fake.submissions).toHaveLength(1);
    const [sent] = fake.submissions;
    expect(sent!.model).toBe("fal-ai/flux-lora");
    expect(sent!.loras).toEqual([{ path: state.model.ref, scale: 0.8 }]);
    expect(sent!.input).toMatchObject({
      prompt: `mtfstyle, ${baseRequest.prompt}`,
      image_size: "portrait_4_3",
      num_images: 2,
      seed: 42,
      output_format: "png",
    });
    expect(sent!.input).not.toHaveProperty("image_urls");
    expect(result.notes).toEqual([
      "The 2 references were left out: FLUX LoRA takes none, and the trained model carries the look.",
    ]);
    expect(result.images).toHaveLength(2);
    const meta = await sharp(result.images[0]!.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 768, 1024]);
  });

  it("keeps a prompt that already says the trigger word, and maps each size to FLUX LoRA's", async () => {
    const learned = {
      ref: "https://v3.fal.media/files/lora/pytorch_lora_weights.safetensors",
      scale: 1,
      triggerWord: "zorblat",
    };
    for (const size of ["square", "landscape"] as const) {
      const result = await provider().generate({ ...baseRequest, size, prompt: "Zorblat waving", learned });
      expect(result.notes).toBeUndefined();
    }
    expect(fake.submissions.map((s) => [s.input.prompt, s.input.image_size])).toEqual([
      ["Zorblat waving", "square_hd"],
      ["Zorblat waving", "landscape_4_3"],
    ]);
    expect(withTriggerWord("a fox", "")).toBe("a fox");
  });

  it("refuses a LoRA on fal's storage that is not there, as fal's runner would", async () => {
    const learned = {
      ref: `${fake.url}/files/output/gone/pytorch_lora_weights.safetensors`,
      scale: 1,
      triggerWord: "x",
    };
    await expect(provider().generate({ ...baseRequest, learned })).rejects.toThrow(/Failed to download the file/);
  });

  it("keeps to FLUX.1 Kontext without a trained model, and for edits even with one", async () => {
    const reference = { data: await picture("#8e5cf7"), mimeType: "image/png" as const };
    const plain = await provider().generate({ ...baseRequest, references: [reference] });
    expect(plain.notes).toBeUndefined();
    await provider().edit!({
      ...baseRequest,
      base: reference,
      mask: null,
      learned: { ref: "https://v3.fal.media/files/lora/pytorch_lora_weights.safetensors", scale: 1, triggerWord: "x" },
    });
    expect(fake.submissions.map((s) => s.model)).toEqual([
      "fal-ai/flux-pro/kontext/max/multi",
      "fal-ai/flux-pro/kontext/max/multi",
    ]);
    expect(fake.submissions.every((s) => s.loras === null && s.dataset === null)).toBe(true);
  });
});
