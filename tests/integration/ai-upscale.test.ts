// AI upscale of an object's image, through the API and the engine, on fal (Real-ESRGAN) and on
// ComfyUI (the shipped upscale workflow), each provider's real client against a local fake that
// checks what it is sent: the upscaler gets the picture opaque, at the source's size, with the
// scale asked; Motif sizes the answer to exactly ×2 or ×4 and puts the source's alpha back.
// Success is paid once; a 5xx, a timeout, a model that is not installed and a cancel are each
// refunded exactly once; a model without an upscaler, a result over the largest side and someone
// else's object are refused and charge nothing. On both databases.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import type { JobView, ObjectDetail, ObjectImageView } from "#domain/objects";
import { generationJobs, images } from "#server/db/schema";
import { createComfyUIProvider } from "#server/generation/providers/comfyui.server";
import { loadComfyWorkflow, SHIPPED_COMFY_WORKFLOWS } from "#server/generation/providers/comfyui-workflow.server";
import { createFalProvider, DEFAULT_FAL_MODEL } from "#server/generation/providers/fal.server";
import { providerRegistry } from "#server/generation/providers/registry.server";
import { runGenerationJob } from "#server/generation/run-job.server";
import { startFakeComfyUI, type FakeComfyUI } from "../fakes/comfyui";
import { startFakeFal, type FakeFal } from "../fakes/fal-api";
import { testDatabases } from "../support/databases";
import { balanceOf, createStyleThroughApi, json, ledgerSum, runJob, submitObjects } from "../support/factories";
import { setUpSignedInApiWithModel, type SignedInApi } from "../support/signed-in-api";
import { signInThroughApi } from "../support/test-server";

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** The source picture: see-through, with an opaque coral disc in the middle. */
const SUBJECT = { r: 231, g: 111, b: 81 };
const DISC_RADIUS = 0.3;

async function transparentPicture(width: number, height: number) {
  const r = Math.round(Math.min(width, height) * DISC_RADIUS);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${r}" fill="rgb(${SUBJECT.r},${SUBJECT.g},${SUBJECT.b})"/></svg>`;
  return sharp(Buffer.from(svg)).ensureAlpha().png().toBuffer();
}

/** What every provider's tests do through the API: an object, an upscale asked, the job's row and files. */
function upscalesThroughApi(api: SignedInApi) {
  const getObject = async (id: string) =>
    (await json<{ object: ObjectDetail }>(await api.server.call(`/api/objects/${id}`, { cookie: api.user.cookie })))
      .object;
  const askUpscale = (objectId: string, body: Record<string, unknown>, cookie = api.user.cookie) =>
    api.server.call(`/api/objects/${objectId}/ai-upscale`, { method: "POST", cookie, json: body });
  const fileOf = async (url: string) =>
    Buffer.from(await (await api.server.call(url, { cookie: api.user.cookie })).arrayBuffer());
  const jobRow = async (id: string) =>
    (await api.database.db.select().from(generationJobs).where(eq(generationJobs.id, id)))[0]!;
  const jobsOfUser = async () =>
    (await api.database.db.select().from(generationJobs).where(eq(generationJobs.ownerId, api.user.userId))).length;
  const balance = () => balanceOf(api.database.db, api.user.userId);
  const expectLedgerExact = async () => expect(await ledgerSum(api.database.db, api.user.userId)).toBe(await balance());

  /**
   * An object with one transparent image, made by the preview engine (the default model), whose
   * file is then a known picture of its size: see-through, a coral disc in the middle.
   */
  async function transparentObject() {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Fox"], transparent: true });
    expect((await runJob(api.server, set.job.id))?.status).toBe("succeeded");
    const [image] = await api.database.db.select().from(images).where(eq(images.jobId, set.job.id));
    const picture = await transparentPicture(image!.width, image!.height);
    await api.server.services.storage.put(image!.fileKey, picture, "image/png");
    await api.database.db.update(images).set({ format: "png", hasAlpha: true }).where(eq(images.id, image!.id));
    return getObject(set.objects[0]!.id);
  }

  /** Asks for an AI upscale of the object's first image; 202 and the job, paid. */
  async function submitUpscale(object: ObjectDetail, body: { factor: 2 | 4; model?: string }) {
    const before = await balance();
    const response = await askUpscale(object.id, { imageId: object.images[0]!.id, ...body });
    expect(response.status).toBe(202);
    const { job } = await json<{ job: JobView }>(response);
    expect(job).toMatchObject({ kind: "upscale", total: 1 });
    expect(job.credits).toBeGreaterThan(0);
    expect(await balance()).toBe(before - job.credits);
    return job;
  }

  /** The image the job made: exactly `factor` times the source, its lineage, and the job charged once. */
  async function madeImage(object: ObjectDetail, job: JobView, before: number, factor: 2 | 4) {
    const source = object.images[0]!;
    const after = await getObject(object.id);
    const made = after.images.find((image) => image.jobId === job.id);
    expect(made).toBeDefined();
    expect(made!.lineage).toMatchObject({ operation: "upscaled", parentImageId: source.id, factor, method: "model" });
    expect(made).toMatchObject({ width: source.width * factor, height: source.height * factor, format: "png" });
    // The source is still there, unchanged.
    expect(after.images.find((image) => image.id === source.id)).toMatchObject({
      width: source.width,
      height: source.height,
    });
    const meta = await sharp(await fileOf(made!.url)).metadata();
    expect([meta.width, meta.height]).toEqual([source.width * factor, source.height * factor]);
    expect(await balance()).toBe(before - job.credits);
    await expectLedgerExact();
    return made!;
  }

  /** The source's alpha is back on the upscaled image: see-through at the corners, the subject opaque. */
  async function expectAlphaKept(made: ObjectImageView) {
    const { data, info } = await sharp(await fileOf(made.url))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(made.hasAlpha).toBe(true);
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
    const { width: w, height: h } = info;
    for (const [x, y] of [
      [0, 0],
      [w - 1, 0],
      [0, h - 1],
      [w - 1, h - 1],
      [w / 8, h / 2],
    ]) {
      expect(at(x!, y!)[3], `alpha at ${x},${y}`).toBe(0);
    }
    for (const [x, y] of [
      [w / 2, h / 2],
      [w / 2 + w / 8, h / 2],
      [w / 2, h / 2 - h / 8],
    ]) {
      expect(at(x!, y!)[3], `alpha at ${x},${y}`).toBe(255);
    }
    return at;
  }

  /** Runs a failing upscale: refunded once, in full, with no image row and no file. */
  async function failedUpscale(object: ObjectDetail, run: (jobId: string) => Promise<unknown>, factor: 2 | 4 = 2) {
    const before = await balance();
    const job = await submitUpscale(object, { factor });
    await run(job.id);
    const row = await jobRow(job.id);
    expect(row).toMatchObject({ refunded: true, refundedCredits: job.credits, imagesMade: 0 });
    expect(await balance()).toBe(before);
    expect(await api.database.db.select().from(images).where(eq(images.jobId, job.id))).toEqual([]);
    expect(api.files.filesUnder("").filter((file) => file.includes(job.id))).toEqual([]);
    await expectLedgerExact();
    return row;
  }

  /** Cancels the job through the API once `started` holds, and waits for the run to end. */
  async function cancelWhen(jobId: string, running: Promise<unknown>, started: () => boolean) {
    await expect.poll(started, { timeout: 5_000 }).toBe(true);
    const cancel = await api.server.call(`/api/jobs/${jobId}/cancel`, { method: "POST", cookie: api.user.cookie });
    expect(cancel.status).toBe(200);
    await running;
  }

  return {
    askUpscale,
    balance,
    cancelWhen,
    expectAlphaKept,
    expectLedgerExact,
    failedUpscale,
    fileOf,
    jobsOfUser,
    madeImage,
    submitUpscale,
    transparentObject,
  };
}

describe.each(testDatabases)("AI upscale on fal (Real-ESRGAN), on $name", (target) => {
  let fake: FakeFal;
  beforeAll(async () => {
    fake = await startFakeFal();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  const fal = (timeoutMs = 10_000) =>
    createFalProvider({ key: fake.key, model: DEFAULT_FAL_MODEL, baseUrl: fake.url, timeoutMs, pollIntervalMs: 5 });
  const api = setUpSignedInApiWithModel(target, "ann-fal-upscale@example.com", () => fal());
  const upscales = upscalesThroughApi(api);

  it("upscales a transparent image ×4: ESRGAN gets it opaque at its size with scale 4; exactly 4×, alpha back, paid once", async () => {
    const object = await upscales.transparentObject();
    const source = object.images[0]!;
    const before = await upscales.balance();
    // No model named: the style's (the preview engine) has no upscaler, so the first on offer that has one.
    const job = await upscales.submitUpscale(object, { factor: 4 });
    expect(job).toMatchObject({ provider: "fal", title: expect.stringContaining("Fox") });
    expect((await runJob(api.server, job.id, fal()))?.status).toBe("succeeded");

    expect(fake.submissions).toHaveLength(1);
    const [sent] = fake.submissions;
    expect(sent!.model).toBe("fal-ai/esrgan");
    expect(sent!.input).toMatchObject({ scale: 4, model: "RealESRGAN_x4plus", output_format: "png" });
    expect(sent!.input).not.toHaveProperty("prompt");
    expect(sent!.scale).toBe(4);
    // The picture without its alpha, at the source's size, through fal's storage.
    expect(sent!.image).toMatchObject({ width: source.width, height: source.height, hasAlpha: false });
    expect(sent!.image!.sha256).not.toBe(sha256(await upscales.fileOf(source.url)));
    expect(fake.uploads.map((upload) => upload.sha256)).toContain(sent!.image!.sha256);

    const made = await upscales.madeImage(object, job, before, 4);
    expect(made.credits).toBe(job.credits);
    const at = await upscales.expectAlphaKept(made);
    // The colour is the upscaler's enlargement of the subject.
    const [r, g, b] = at(made.width / 2, made.height / 2);
    expect([r, g, b]).toEqual([SUBJECT.r, SUBJECT.g, SUBJECT.b]);
  });

  it("upscales ×2 to exactly twice the width and height, with scale 2 sent", async () => {
    const object = await upscales.transparentObject();
    const before = await upscales.balance();
    const job = await upscales.submitUpscale(object, { factor: 2, model: "fal" });
    expect((await runJob(api.server, job.id, fal()))?.status).toBe("succeeded");
    expect(fake.submissions.map((s) => [s.model, s.scale])).toEqual([["fal-ai/esrgan", 2]]);
    const made = await upscales.madeImage(object, job, before, 2);
    await upscales.expectAlphaKept(made);
  });

  describe("when fal fails, every credit comes back once and nothing is stored", () => {
    it("a server error on every attempt", async () => {
      const object = await upscales.transparentObject();
      fake.control.failAlways = "server_error";
      const row = await upscales.failedUpscale(object, (id) => runJob(api.server, id, fal()));
      expect(row.status).toBe("failed");
      expect(fake.calls.submit).toBe(2);
      expect(fake.submissions).toHaveLength(0);
    });

    it("a request that never finishes, cancelled on fal's queue at the deadline", async () => {
      const object = await upscales.transparentObject();
      fake.control.stall = "status";
      const row = await upscales.failedUpscale(object, (id) =>
        runGenerationJob(
          {
            db: api.database.db,
            storage: api.server.services.storage,
            providers: providerRegistry([fal(500)]),
            maxAttempts: 1,
            timeoutMs: 500,
          },
          id,
        ),
      );
      expect(row.status).toBe("failed");
      expect(fake.stalls.started).toBe(1);
      expect(fake.submissions.map((s) => s.model)).toEqual(["fal-ai/esrgan"]);
      await expect.poll(() => fake.cancels).toEqual([fake.submissions[0]!.requestId]);
    });

    it("a cancel while fal upscales, which cancels the request on fal's queue", async () => {
      const object = await upscales.transparentObject();
      fake.control.holdInProgress = true;
      const row = await upscales.failedUpscale(
        object,
        (id) => upscales.cancelWhen(id, runJob(api.server, id, fal()), () => fake.submissions.length === 1),
        4,
      );
      expect(row.status).toBe("canceled");
      await expect.poll(() => fake.cancels).toEqual([fake.submissions[0]!.requestId]);
    });
  });

  describe("refused before any work, charging nothing", () => {
    it("the preview engine asked by name: 409, it has no AI upscaler", async () => {
      const object = await upscales.transparentObject();
      const before = await upscales.balance();
      const jobs = await upscales.jobsOfUser();
      const response = await upscales.askUpscale(object.id, {
        imageId: object.images[0]!.id,
        factor: 2,
        model: "offline",
      });
      expect(response.status).toBe(409);
      expect((await json<{ error: { message: string } }>(response)).error.message).toContain("has no AI upscaler");
      expect(await upscales.balance()).toBe(before);
      expect(await upscales.jobsOfUser()).toBe(jobs);
      await upscales.expectLedgerExact();
      expect(fake.submissions).toHaveLength(0);
    });

    it("someone else's object: 404", async () => {
      const object = await upscales.transparentObject();
      const before = await upscales.balance();
      const other = await signInThroughApi(api.server, "bob-fal-upscale@example.com");
      const response = await upscales.askUpscale(object.id, { imageId: object.images[0]!.id, factor: 2 }, other.cookie);
      expect(response.status).toBe(404);
      expect(await upscales.balance()).toBe(before);
      expect(
        await api.database.db.select().from(generationJobs).where(eq(generationJobs.ownerId, other.userId)),
      ).toEqual([]);
      expect(await api.database.db.select().from(images).where(eq(images.objectId, object.id))).toHaveLength(1);
      expect(fake.submissions).toHaveLength(0);
    });
  });
});

describe.each(testDatabases)("AI upscale over the largest side, on $name", (target) => {
  let fake: FakeFal;
  beforeAll(async () => {
    fake = await startFakeFal();
  });
  afterAll(() => fake?.close());

  const api = setUpSignedInApiWithModel(
    target,
    "ann-upscale-max-side@example.com",
    () => createFalProvider({ key: fake.key, model: DEFAULT_FAL_MODEL, baseUrl: fake.url, timeoutMs: 5_000 }),
    { UPSCALE_MAX_SIDE: "1024" },
  );
  const upscales = upscalesThroughApi(api);

  it("refuses a result longer than UPSCALE_MAX_SIDE with 400, charging nothing", async () => {
    const object = await upscales.transparentObject();
    const source = object.images[0]!;
    const before = await upscales.balance();
    const jobs = await upscales.jobsOfUser();
    const response = await upscales.askUpscale(object.id, { imageId: source.id, factor: 2, model: "fal" });
    expect(response.status).toBe(400);
    expect((await json<{ error: { message: string } }>(response)).error.message).toBe(
      `×2 would make ${source.width * 2} × ${source.height * 2} px; this Motif makes images up to 1024 px on a side.`,
    );
    expect(await upscales.balance()).toBe(before);
    expect(await upscales.jobsOfUser()).toBe(jobs);
    await upscales.expectLedgerExact();
    expect(fake.submissions).toHaveLength(0);
  });
});

describe.each(testDatabases)("AI upscale on ComfyUI (the shipped upscale workflow), on $name", (target) => {
  let fake: FakeComfyUI;
  beforeAll(async () => {
    fake = await startFakeComfyUI();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  const upscaleWorkflow = loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.upscale, {
    variable: "COMFYUI_UPSCALE_WORKFLOW",
    needsPrompt: false,
  });
  const comfy = () =>
    createComfyUIProvider({
      baseUrl: fake.url,
      workflow: loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.textToImage),
      upscaleWorkflow,
      model: "sd_xl_base_1.0.safetensors",
      timeoutMs: 10_000,
      pollIntervalMs: 10,
    });
  const api = setUpSignedInApiWithModel(target, "ann-comfy-upscale@example.com", comfy);
  const upscales = upscalesThroughApi(api);
  const prompts = () => fake.calls.filter((call) => call === "POST /prompt").length;

  it("upscales ×2: the image uploaded opaque and loaded by LoadImage, scale_by 0.5 after the ×4 model; exactly 2×", async () => {
    const object = await upscales.transparentObject();
    const source = object.images[0]!;
    const before = await upscales.balance();
    const job = await upscales.submitUpscale(object, { factor: 2, model: "comfyui" });
    expect(job.provider).toBe("comfyui");
    expect((await runJob(api.server, job.id, comfy()))?.status).toBe("succeeded");

    expect(fake.prompts).toHaveLength(1);
    const { prompt } = fake.prompts[0]!;
    expect(prompt["2"]!.inputs).toMatchObject({ model_name: "RealESRGAN_x4plus.pth" });
    expect(prompt["4"]!.inputs).toMatchObject({ scale_by: 0.5, upscale_method: "lanczos", image: ["3", 0] });
    expect(fake.uploads).toHaveLength(1);
    const [upload] = fake.uploads;
    expect(prompt["1"]!.inputs!.image).toBe(upload!.name);
    const meta = await sharp(upload!.data).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([source.width, source.height, false]);
    // The upscale model reported its tiles as progress.
    expect(fake.progressSent.length).toBeGreaterThan(0);

    const made = await upscales.madeImage(object, job, before, 2);
    await upscales.expectAlphaKept(made);
  });

  describe("when ComfyUI fails, every credit comes back once and nothing is stored", () => {
    it("an upscale model that is not installed: ComfyUI refuses the workflow, not retried", async () => {
      const object = await upscales.transparentObject();
      fake.control.upscaleModels = ["4x-UltraSharp.pth"];
      const row = await upscales.failedUpscale(object, (id) => runJob(api.server, id, comfy()));
      expect(row.status).toBe("failed");
      expect(prompts()).toBe(1);
      expect(fake.prompts).toHaveLength(0);
    });

    it("a cancel while the prompt runs, which interrupts it on ComfyUI", async () => {
      const object = await upscales.transparentObject();
      fake.control.holdAtStep = 2;
      try {
        const row = await upscales.failedUpscale(object, (id) =>
          upscales.cancelWhen(id, runJob(api.server, id, comfy()), () => fake.progressSent.length === 2),
        );
        expect(row.status).toBe("canceled");
        const promptId = fake.prompts[0]!.promptId;
        await expect.poll(() => fake.interrupts).toEqual([{ promptId, interrupted: promptId }]);
        expect(fake.prompts).toHaveLength(1);
      } finally {
        fake.release();
      }
    });
  });
});

describe("the fakes refuse what the real services would", () => {
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: "#2a9d8f" } })
      .png()
      .toBuffer();

  it("fal: ESRGAN needs an image its storage served and a scale from 1 to 8 (422), and answers one opaque image", async () => {
    const fake = await startFakeFal();
    try {
      const submit = (input: Record<string, unknown>) =>
        fetch(`${fake.url}/fal-ai/esrgan`, {
          method: "POST",
          headers: { Authorization: `Key ${fake.key}`, "Content-Type": "application/json" },
          body: JSON.stringify(input),
        });
      const refused = async (input: Record<string, unknown>) => {
        const response = await submit(input);
        expect(response.status).toBe(422);
        return ((await response.json()) as { detail: { loc: unknown[]; type: string }[] }).detail;
      };
      expect(await refused({ scale: 2 })).toEqual([
        { loc: ["body", "image_url"], msg: "Field required", type: "missing" },
      ]);
      expect(await refused({ image_url: "https://example.com/a.png", scale: 2 })).toMatchObject([
        { loc: ["body", "image_url"], type: "file_download_error" },
      ]);
      for (const scale of [0.5, 9, "4"]) {
        expect((await refused({ image_url: "https://example.com/a.png", scale }))[0]!.loc).toEqual(["body", "scale"]);
      }
      expect(fake.submissions).toHaveLength(0);

      // Through the provider: a see-through image comes back opaque, 4 times its size.
      const fal = createFalProvider({
        key: fake.key,
        model: DEFAULT_FAL_MODEL,
        baseUrl: fake.url,
        timeoutMs: 5_000,
        pollIntervalMs: 5,
      });
      const result = await fal.upscale!({
        image: { data: await transparentPicture(40, 30), mimeType: "image/png" },
        factor: 4,
      });
      const meta = await sharp(result.images[0]!.data).metadata();
      expect([meta.width, meta.height, meta.hasAlpha]).toEqual([160, 120, false]);
      expect(fake.submissions[0]).toMatchObject({ scale: 4, image: { width: 40, height: 30, hasAlpha: true } });
    } finally {
      await fake.close();
    }
  });

  it("ComfyUI: an upscale model not installed and a scale_by that is not a number are refused at /prompt", async () => {
    const fake = await startFakeComfyUI();
    try {
      const upscaleWorkflow = loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.upscale, {
        variable: "COMFYUI_UPSCALE_WORKFLOW",
        needsPrompt: false,
      });
      const upload = new FormData();
      upload.set("image", new Blob([new Uint8Array(await png(64, 48))], { type: "image/png" }), "in.png");
      await fetch(`${fake.url}/upload/image`, { method: "POST", body: upload });
      const queue = (prompt: unknown) =>
        fetch(`${fake.url}/prompt`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ prompt }),
        });
      const filled = (changes: { model?: string; scaleBy?: unknown }) => ({
        ...upscaleWorkflow,
        "1": { ...upscaleWorkflow["1"]!, inputs: { image: "in.png" } },
        "2": {
          ...upscaleWorkflow["2"]!,
          inputs: { model_name: changes.model ?? "RealESRGAN_x4plus.pth" },
        },
        "4": {
          ...upscaleWorkflow["4"]!,
          inputs: { ...upscaleWorkflow["4"]!.inputs, scale_by: changes.scaleBy ?? 0.5 },
        },
      });

      const missing = await queue(filled({ model: "4x-UltraSharp.pth" }));
      expect(missing.status).toBe(400);
      const missingBody = (await missing.json()) as { node_errors: Record<string, { errors: { type: string }[] }> };
      expect(missingBody.node_errors["2"]!.errors[0]!.type).toBe("value_not_in_list");

      const text = await queue(filled({ scaleBy: "half" }));
      expect(text.status).toBe(400);
      const textBody = (await text.json()) as {
        node_errors: Record<string, { errors: { type: string; message: string }[] }>;
      };
      expect(textBody.node_errors["4"]!.errors[0]).toMatchObject({
        type: "invalid_input_type",
        message: "Failed to convert an input value to a FLOAT value",
      });
      expect(fake.prompts).toHaveLength(0);

      // Through the provider: ×4 is the model's ×4 at scale_by 1, from the loaded image's size.
      const comfy = createComfyUIProvider({
        baseUrl: fake.url,
        workflow: loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.textToImage),
        upscaleWorkflow,
        model: "sd_xl_base_1.0.safetensors",
        timeoutMs: 10_000,
        pollIntervalMs: 10,
      });
      const made = await comfy.upscale!({ image: { data: await png(64, 48), mimeType: "image/png" }, factor: 4 });
      const meta = await sharp(made.images[0]!.data).metadata();
      expect([meta.width, meta.height, meta.hasAlpha]).toEqual([256, 192, false]);
      expect(fake.prompts[0]!.prompt["4"]!.inputs!.scale_by).toBe(1);
    } finally {
      await fake.close();
    }
  });
});
