// The Replicate provider's LoRA training against a local Replicate (a destination model, the
// dataset ZIP through the Files API, ostris's trainer, its trained version then drawing with the
// trigger word), and the provider through the whole engine, where a refusal is refunded once and
// a success charged once.
import archiver from "archiver";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { GenerateRequest, TrainRequest, TrainingState } from "#server/generation/providers/provider";
import { createReplicateProvider, DEFAULT_REPLICATE_MODEL } from "#server/generation/providers/replicate.server";
import { startFakeReplicate, type FakeReplicate } from "../fakes/replicate-api";
import { testDatabases } from "../support/databases";
import { runJob } from "../support/factories";
import { setUpProviderEngine } from "../support/provider-engine";

const baseRequest: GenerateRequest = {
  prompt: "a lantern. Flat icon style.",
  size: "landscape",
  detail: "standard",
  transparent: false,
  references: [],
  seed: 7,
  n: 1,
  palette: ["#f4a23c", "#2a9d8f"],
};

/** A training set as Motif sends it: each picture beside a .txt of its caption. */
async function dataset(pictures: { name: string; colour: string; caption: string }[]): Promise<Buffer> {
  const archive = archiver("zip");
  const chunks: Buffer[] = [];
  archive.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => archive.on("end", resolve));
  for (const picture of pictures) {
    const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: picture.colour } })
      .png()
      .toBuffer();
    archive.append(image, { name: `${picture.name}.png` });
    archive.append(picture.caption, { name: `${picture.name}.txt` });
  }
  await archive.finalize();
  await ended;
  return Buffer.concat(chunks);
}

describe("replicate training against a local Replicate", () => {
  let fake: FakeReplicate;
  const provider = () =>
    createReplicateProvider({
      token: fake.token,
      model: DEFAULT_REPLICATE_MODEL,
      baseUrl: fake.url,
      timeoutMs: 5_000,
      pollIntervalMs: 5,
      syncWaitSeconds: 1,
    });
  let zip: Buffer;
  const request = (id: string): TrainRequest => ({
    id,
    learns: "style",
    dataset: zip,
    triggerWord: "MTFSTYLE",
    steps: 1000,
  });

  beforeAll(async () => {
    fake = await startFakeReplicate();
    zip = await dataset([
      { name: "01", colour: "#e76f51", caption: "MTFSTYLE, a red fox" },
      { name: "02", colour: "#2a9d8f", caption: "MTFSTYLE, a teal kettle" },
    ]);
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  /** Checks until the training ends, every state seen. */
  async function follow(training: NonNullable<ReturnType<typeof provider>["training"]>, id: string) {
    const states: TrainingState[] = [];
    for (let i = 0; i < 20; i++) {
      const state = await training.check(id);
      states.push(state);
      if (!["queued", "running"].includes(state.status)) break;
    }
    return states;
  }

  it("trains on the dataset into a new private model, then draws with its version and trigger word", async () => {
    const replicate = provider();
    const training = replicate.training!;
    const { providerId } = await training.start(request("Trn_01ABC"));

    expect(fake.modelsCreated).toEqual([
      { owner: "motif-tester", name: "motif-trn-01abc", visibility: "private", hardware: "gpu-t4", status: 201 },
    ]);
    expect(fake.files).toEqual([expect.objectContaining({ contentType: "application/zip", size: zip.length })]);
    const [recorded] = fake.trainings;
    expect(recorded).toMatchObject({
      id: providerId,
      trainer: expect.stringMatching(/^ostris\/flux-dev-lora-trainer:[0-9a-f]{64}$/),
      destination: "motif-tester/motif-trn-01abc",
      triggerWord: "MTFSTYLE",
      steps: 1000,
    });
    expect(recorded!.input).toMatchObject({
      input_images: `${fake.url}/v1/files/${fake.files[0]!.id}`,
      autocaption: false,
    });
    expect(recorded!.dataset).toEqual({
      files: ["01.png", "01.txt", "02.png", "02.txt"],
      images: ["01.png", "02.png"],
      captions: { "01.png": "MTFSTYLE, a red fox", "02.png": "MTFSTYLE, a teal kettle" },
    });

    const states = await follow(training, providerId);
    expect(states.slice(0, 3)).toEqual([
      { status: "queued", progress: 0 },
      { status: "running", progress: 33 },
      { status: "running", progress: 67 },
    ]);
    const done = states.at(-1)!;
    expect(done.status).toBe("succeeded");
    const model = (done as Extract<TrainingState, { status: "succeeded" }>).model;
    expect(model.ref).toMatch(/^motif-tester\/motif-trn-01abc:[0-9a-f]{64}$/);
    expect(model.weightsUrl).toMatch(/trained_model\.tar$/);

    // The weights come with the token, the address being Replicate's (here, the base URL's).
    const weights = await training.download!(model.weightsUrl!);
    expect(weights.toString()).toContain("fake LoRA weights");
    expect(fake.downloads).toEqual([expect.objectContaining({ authorization: `Bearer ${fake.token}` })]);

    // A second start of the same training finds its model there already.
    await training.start(request("Trn_01ABC"));
    expect(fake.modelsCreated.map((m) => m.status)).toEqual([201, 409]);

    const learned = { ref: model.ref, scale: 0.8, triggerWord: "MTFSTYLE" };
    const reference = {
      data: await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
        .png()
        .toBuffer(),
      mimeType: "image/png" as const,
    };
    const result = await replicate.generate({ ...baseRequest, learned, references: [reference] });
    const prediction = fake.predictions.at(-1)!;
    expect(prediction.model).toBe("motif-tester/motif-trn-01abc");
    expect(prediction.version).toBe(model.ref.split(":")[1]);
    expect(prediction.input).toEqual({
      prompt: "MTFSTYLE a lantern. Flat icon style.",
      lora_scale: 0.8,
      aspect_ratio: "3:2",
      num_outputs: 1,
      output_format: "png",
      seed: 7,
    });
    expect(result.notes).toEqual([
      "The trained model draws from its training: the 1 reference image(s) were not sent.",
    ]);
    const meta = await sharp(result.images[0]!.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1248, 832]);

    // A prompt that has the trigger word already is sent as it is.
    await replicate.generate({ ...baseRequest, prompt: "a mtfstyle kettle", learned });
    expect(fake.predictions.at(-1)!.input.prompt).toBe("a mtfstyle kettle");
  });

  it("reports a failed training with Replicate's reason, a refusal as refused", async () => {
    const training = provider().training!;
    fake.control.trainingFailure = "error";
    const failed = await training.start(request("trn-fail"));
    expect((await follow(training, failed.providerId)).at(-1)).toEqual({
      status: "failed",
      reason: "Training failed: CUDA out of memory.",
      refused: false,
    });
    fake.control.trainingFailure = "nsfw";
    const refused = await training.start(request("trn-nsfw"));
    expect((await follow(training, refused.providerId)).at(-1)).toMatchObject({ status: "failed", refused: true });
  });

  it("cancels a training on Replicate, and leaves an ended one as it is", async () => {
    const training = provider().training!;
    const { providerId } = await training.start(request("trn-cancel"));
    await training.check(providerId);
    await training.cancel(providerId);
    expect(fake.trainingCancels).toEqual([providerId]);
    expect(await training.check(providerId)).toEqual({ status: "cancelled" });
    await training.cancel(providerId);
    expect(fake.trainingCancels).toEqual([providerId, providerId]);
  });

  it("asks the account once per provider", async () => {
    const training = provider().training!;
    await training.start(request("trn-a"));
    await training.start(request("trn-b"));
    expect(fake.calls.account).toBe(1);
  });
});

describe.each(testDatabases)("the engine with replicate on $name", (target) => {
  let fake: FakeReplicate;
  const replicate = (timeoutMs = 5_000) =>
    createReplicateProvider({
      token: fake.token,
      model: DEFAULT_REPLICATE_MODEL,
      baseUrl: fake.url,
      timeoutMs,
      pollIntervalMs: 5,
      syncWaitSeconds: 1,
    });

  // The fake's hooks come first, so it is up when the engine's hooks build the provider.
  beforeAll(async () => {
    fake = await startFakeReplicate();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());
  const engine = setUpProviderEngine(target, { email: "replicate@example.com", provider: () => replicate() });
  const { balance, ledgerOf, imagesOf, jobRow, expectLedgerExact, expectChargedOnce, submit, unmade } = engine;

  it("charges a made image once", async () => {
    const before = await balance();
    const { job } = await submit();
    expect(await balance()).toBe(before - 3);
    expect(await runJob(engine.server, job.id)).toMatchObject({ status: "succeeded", imagesMade: 1 });

    expect(fake.predictions.map((p) => p.model)).toEqual(["black-forest-labs/flux-kontext-pro"]);
    const [stored] = await imagesOf(job.id);
    expect(stored).toMatchObject({ provider: "replicate", width: 1024, height: 1024 });
    await expectChargedOnce(job.id, before);
  });

  it("refunds an image Replicate failed with a 5xx on every attempt, once", async () => {
    fake.control.failAlways = "server_error";
    const row = await unmade((id) => runJob(engine.server, id));
    expect(row.status).toBe("failed");
    expect(fake.calls.create).toBe(2);
  });

  it("refunds an image that timed out, once, the prediction cancelled on Replicate", async () => {
    Object.assign(fake.control, { stepMs: 0, waitCapMs: 10, stall: "get" });
    const impatient = replicate(300);
    const row = await unmade(async (id) => {
      await runJob(engine.server, id, impatient);
      fake.control.stall = null;
    });
    expect(row.status).toBe("failed");
    // Each attempt's prediction is cancelled on Replicate.
    await expect.poll(() => [...fake.cancels].sort()).toEqual(fake.predictions.map((p) => p.id).sort());
    expect(fake.predictions).toHaveLength(2);
  });

  it("refunds an image cancelled while Replicate made it, once, the cancel reaching Replicate", async () => {
    fake.control.holdProcessing = true;
    fake.control.waitCapMs = 50;
    const row = await unmade(async (id) => {
      const running = runJob(engine.server, id);
      await expect.poll(() => fake.predictions.length, { timeout: 5_000 }).toBe(1);
      const cancel = await engine.server.call(`/api/jobs/${id}/cancel`, { method: "POST", cookie: engine.user.cookie });
      expect(cancel.status).toBe(200);
      await running;
    });
    expect(row.status).toBe("canceled");
    await expect.poll(() => fake.cancels).toEqual([fake.predictions[0]!.id]);
  });

  it("refunds an image Replicate refused, once, even when the job is run again", async () => {
    fake.control.failAlways = "nsfw";
    const before = await balance();
    const { job } = await submit();
    expect(await runJob(engine.server, job.id)).toMatchObject({ imagesMade: 0, refundedCredits: 3 });
    await runJob(engine.server, job.id);

    const row = await jobRow(job.id);
    expect(row.error).toMatch(/content policy/);
    expect(fake.predictions).toHaveLength(1);
    expect(await ledgerOf(job.id)).toEqual(
      expect.arrayContaining([
        { delta: -3, reason: "generation_reserve" },
        { delta: 3, reason: "generation_refund" },
      ]),
    );
    expect(await ledgerOf(job.id)).toHaveLength(2);
    expect(await balance()).toBe(before);
    await expectLedgerExact();
  });
});
