// Editing an object's image with words and repainting a painted region on fal (FLUX.1 Kontext and
// Fill), ComfyUI (the shipped edit and inpaint workflows) and Gemini, through the API and the
// engine, each provider's real client against a local fake that checks what it is sent: the base
// uploaded or inlined first, a mask of the base's size, white where painted. Success is paid once;
// a refusal, a 5xx, a timeout, an execution error and a cancel are each refunded exactly once, and
// a model that cannot repaint a region says so and charges nothing. On both databases.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import type { JobView, ObjectDetail } from "#domain/objects";
import { generationJobs, images } from "#server/db/schema";
import { createComfyUIProvider } from "#server/generation/providers/comfyui.server";
import {
  loadComfyWorkflow,
  SHIPPED_COMFY_WORKFLOWS,
  type ComfyWorkflow,
} from "#server/generation/providers/comfyui-workflow.server";
import { createFalProvider, DEFAULT_FAL_MODEL } from "#server/generation/providers/fal.server";
import { createGeminiProvider } from "#server/generation/providers/gemini.server";
import { ProviderError, type EditRequest, type ImageProvider } from "#server/generation/providers/provider";
import { providerRegistry } from "#server/generation/providers/registry.server";
import { runGenerationJob } from "#server/generation/run-job.server";
import { startFakeComfyUI, type FakeComfyUI } from "../fakes/comfyui";
import { startFakeFal, type FakeFal } from "../fakes/fal-api";
import { startFakeGemini } from "../fakes/gemini-api";
import { testDatabases } from "../support/databases";
import { balanceOf, createStyleThroughApi, json, ledgerSum, runJob, submitObjects } from "../support/factories";
import { setUpSignedInApiWithModel, type SignedInApi } from "../support/signed-in-api";

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** A mask of the image's size: white (painted) in a square from (x, y), transparent elsewhere. */
async function paintedSquare(size: { width: number; height: number }, at: { x: number; y: number; side: number }) {
  const square = await sharp({ create: { width: at.side, height: at.side, channels: 4, background: "#ffffff" } })
    .png()
    .toBuffer();
  return sharp({ create: { ...size, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: square, left: at.x, top: at.y }])
    .png()
    .toBuffer();
}

const PAINTED = { x: 300, y: 300, side: 200 };

/** What every provider's tests do through the API: an object, an edit asked, the job's row and files. */
function editsThroughApi(api: SignedInApi) {
  const getObject = async (id: string) =>
    (await json<{ object: ObjectDetail }>(await api.server.call(`/api/objects/${id}`, { cookie: api.user.cookie })))
      .object;
  const askEdit = (objectId: string, body: Record<string, unknown>) =>
    api.server.call(`/api/objects/${objectId}/edit`, { method: "POST", cookie: api.user.cookie, json: body });
  const fileOf = async (url: string) =>
    Buffer.from(await (await api.server.call(url, { cookie: api.user.cookie })).arrayBuffer());
  const jobRow = async (id: string) =>
    (await api.database.db.select().from(generationJobs).where(eq(generationJobs.id, id)))[0]!;
  const balance = () => balanceOf(api.database.db, api.user.userId);
  const expectLedgerExact = async () => expect(await ledgerSum(api.database.db, api.user.userId)).toBe(await balance());

  /**
   * An object with one opaque image, made by the preview engine (the default model), whose file
   * is then a known picture of its size: coral, with a dark bar, in colours no fake draws.
   */
  async function oneObject() {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie, { transparent: false });
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Fox"], transparent: false });
    expect((await runJob(api.server, set.job.id))?.status).toBe("succeeded");
    const [image] = await api.database.db.select().from(images).where(eq(images.jobId, set.job.id));
    const bar = await sharp({ create: { width: 800, height: 100, channels: 3, background: "#264653" } })
      .png()
      .toBuffer();
    const picture = await sharp({
      create: { width: image!.width, height: image!.height, channels: 3, background: "#e76f51" },
    })
      .composite([{ input: bar, left: 100, top: 100 }])
      .png()
      .toBuffer();
    await api.server.services.storage.put(image!.fileKey, picture, "image/png");
    await api.database.db.update(images).set({ format: "png", hasAlpha: false }).where(eq(images.id, image!.id));
    return getObject(set.objects[0]!.id);
  }

  /** Asks for an edit (a repaint with `mask`) of the object's first image; 202 and the job, paid. */
  async function submitEdit(object: ObjectDetail, body: { instruction: string; mask?: Buffer; model?: string }) {
    const before = await balance();
    const response = await askEdit(object.id, {
      imageId: object.images[0]!.id,
      instruction: body.instruction,
      ...(body.mask ? { mask: `data:image/png;base64,${body.mask.toString("base64")}` } : {}),
      ...(body.model ? { model: body.model } : {}),
    });
    expect(response.status).toBe(202);
    const { job } = await json<{ job: JobView }>(response);
    expect(job.credits).toBeGreaterThan(0);
    expect(await balance()).toBe(before - job.credits);
    return job;
  }

  /** The image the job made, its lineage, and the job charged once. */
  async function madeImage(object: ObjectDetail, job: JobView, before: number) {
    const after = await getObject(object.id);
    const made = after.images.find((image) => image.jobId === job.id);
    expect(made).toBeDefined();
    expect(after.images.map((image) => image.id)).toContain(object.images[0]!.id);
    expect(await balance()).toBe(before - job.credits);
    await expectLedgerExact();
    return made!;
  }

  /** The repainted image keeps every pixel of the base far from the painted square, and differs inside it. */
  async function expectKeptOutsideRegion(base: ObjectDetail["images"][number], repaintedUrl: string) {
    const [was, now] = await Promise.all(
      [base.url, repaintedUrl].map(async (url) =>
        sharp(await fileOf(url))
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true }),
      ),
    );
    expect([now!.info.width, now!.info.height]).toEqual([base.width, base.height]);
    const pixel = (buffer: Buffer, x: number, y: number) => [
      ...buffer.subarray((y * base.width + x) * 4, (y * base.width + x) * 4 + 4),
    ];
    for (const [x, y] of [
      [0, 0],
      [base.width - 1, base.height - 1],
      [base.width / 2, base.height - 5],
      [600, 250],
      [290, 400],
    ]) {
      expect(pixel(now!.data, x!, y!), `${x},${y}`).toEqual(pixel(was!.data, x!, y!));
    }
    // Inside it: the model's (the fakes draw a disc of one colour in the middle).
    expect(pixel(now!.data, 450, 450)).not.toEqual(pixel(was!.data, 450, 450));
    expect(pixel(now!.data, 450, 450)).toEqual(pixel(now!.data, 480, 470));
  }

  /**
   * A new object, and an edit of it (a repaint of a painted square when `repaint`) that `run`
   * fails: it ends `status`, refunded once, in full, with no image row and no file.
   */
  async function failedEdit(
    status: "failed" | "canceled",
    run: (jobId: string) => Promise<unknown>,
    { repaint = false } = {},
  ) {
    const object = await oneObject();
    const mask = repaint ? await paintedSquare(object.images[0]!, PAINTED) : undefined;
    const before = await balance();
    const job = await submitEdit(object, { instruction: "make it night", mask });
    await run(job.id);
    const row = await jobRow(job.id);
    expect(row).toMatchObject({ status, refunded: true, refundedCredits: job.credits, imagesMade: 0 });
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

  /** Runs the job once on `provider` alone, under a short whole-call deadline (500 ms). */
  const runWithDeadline = (jobId: string, provider: ImageProvider) =>
    runGenerationJob(
      {
        db: api.database.db,
        storage: api.server.services.storage,
        providers: providerRegistry([provider]),
        maxAttempts: 1,
        timeoutMs: 500,
      },
      jobId,
    );

  return {
    askEdit,
    balance,
    cancelWhen,
    expectKeptOutsideRegion,
    failedEdit,
    fileOf,
    jobRow,
    madeImage,
    oneObject,
    runWithDeadline,
    submitEdit,
  };
}

describe.each(testDatabases)("editing and repainting on fal, on $name", (target) => {
  let fake: FakeFal;
  beforeAll(async () => {
    fake = await startFakeFal();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  const fal = (timeoutMs = 5_000) =>
    createFalProvider({ key: fake.key, model: DEFAULT_FAL_MODEL, baseUrl: fake.url, timeoutMs, pollIntervalMs: 5 });
  const api = setUpSignedInApiWithModel(target, "ann-fal-edits@example.com", () => fal());
  const edits = editsThroughApi(api);

  it("edits with words on FLUX.1 Kontext: the base uploaded and first of the image URLs; paid once; lineage kept", async () => {
    const object = await edits.oneObject();
    const base = object.images[0]!;
    const before = await edits.balance();
    const job = await edits.submitEdit(object, { instruction: "wearing a red scarf" });
    expect(job).toMatchObject({ kind: "edit", total: 1, provider: "fal" });
    expect((await runJob(api.server, job.id, fal()))?.status).toBe("succeeded");

    expect(fake.submissions).toHaveLength(1);
    const [sent] = fake.submissions;
    // The object is a draft: Kontext [pro], with its images.
    expect(sent!.model).toBe("fal-ai/flux-pro/kontext/multi");
    expect(sent!.input).toMatchObject({ aspect_ratio: "1:1", num_images: 1, output_format: "png" });
    expect(sent!.input.prompt).toContain("wearing a red scarf");
    expect(sent!.images[0]).toMatchObject({ sha256: sha256(await edits.fileOf(base.url)), width: base.width });
    expect(sent!.uploadedReferences).toBe((sent!.input.image_urls as string[]).length);
    expect(sent!.images.length).toBeGreaterThan(1);
    expect(sent!.mask).toBeNull();

    const edited = await edits.madeImage(object, job, before);
    expect(edited.lineage).toMatchObject({
      operation: "edited",
      parentImageId: base.id,
      instruction: "wearing a red scarf",
    });
    expect(edited).toMatchObject({ width: 1024, height: 1024 });
  });

  it("repaints a region on FLUX.1 Fill: the mask arrives at the base's size, white where painted, and every other pixel is kept", async () => {
    const object = await edits.oneObject();
    const base = object.images[0]!;
    const before = await edits.balance();
    const job = await edits.submitEdit(object, {
      instruction: "a golden crown",
      mask: await paintedSquare(base, PAINTED),
    });
    expect(job.title).toBe("Region repainted in “Fox”");
    expect((await runJob(api.server, job.id, fal()))?.status).toBe("succeeded");

    expect(fake.submissions).toHaveLength(1);
    const [sent] = fake.submissions;
    expect(sent!.model).toBe("fal-ai/flux-pro/v1/fill");
    expect(sent!.input).toMatchObject({ num_images: 1, output_format: "png" });
    expect(sent!.input).not.toHaveProperty("image_urls");
    expect(sent!.input.prompt).toContain("a golden crown");
    expect(sent!.image).toMatchObject({
      sha256: sha256(await edits.fileOf(base.url)),
      width: base.width,
      height: base.height,
    });
    expect(sent!.mask).toMatchObject({ width: base.width, height: base.height, whitePixels: PAINTED.side ** 2 });
    // Both went through fal's storage, to expire from it.
    expect(fake.uploads.map((upload) => upload.sha256)).toEqual(
      expect.arrayContaining([sent!.image!.sha256, sent!.mask!.sha256]),
    );

    const repainted = await edits.madeImage(object, job, before);
    expect(repainted.lineage).toMatchObject({
      operation: "repainted",
      parentImageId: base.id,
      instruction: "a golden crown",
    });
    await edits.expectKeptOutsideRegion(base, repainted.url);
  });

  describe("when fal fails, every credit comes back once and nothing is stored", () => {
    it("an image fal's safety checker flagged (has_nsfw_concepts)", async () => {
      fake.control.nsfw = true;
      const row = await edits.failedEdit("failed", (id) => runJob(api.server, id, fal()));
      expect(row.error).toContain("content policy");
      expect(fake.submissions).toHaveLength(1);
    });

    it("a repaint fal's safety checker flagged", async () => {
      fake.control.nsfw = true;
      await edits.failedEdit("failed", (id) => runJob(api.server, id, fal()), { repaint: true });
      expect(fake.submissions.map((s) => s.model)).toEqual(["fal-ai/flux-pro/v1/fill"]);
    });

    it("a server error on every attempt", async () => {
      fake.control.failAlways = "server_error";
      await edits.failedEdit("failed", (id) => runJob(api.server, id, fal()));
      expect(fake.calls.submit).toBe(2);
    });

    it("a request that never finishes, cancelled on fal's queue at the deadline", async () => {
      fake.control.stall = "status";
      await edits.failedEdit("failed", (id) => edits.runWithDeadline(id, fal(500)));
      expect(fake.stalls.started).toBe(1);
      await expect.poll(() => fake.cancels).toEqual([fake.submissions[0]!.requestId]);
    });

    it("a cancel while fal works on a repaint, which cancels the request on fal's queue", async () => {
      fake.control.holdInProgress = true;
      await edits.failedEdit(
        "canceled",
        (id) => edits.cancelWhen(id, runJob(api.server, id, fal()), () => fake.submissions.length === 1),
        { repaint: true },
      );
      await expect.poll(() => fake.cancels).toEqual([fake.submissions[0]!.requestId]);
    });
  });
});

describe.each(testDatabases)("editing and repainting on ComfyUI, on $name", (target) => {
  let fake: FakeComfyUI;
  beforeAll(async () => {
    fake = await startFakeComfyUI();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  const shipped = {
    textToImage: loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.textToImage),
    edit: loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.edit),
    inpaint: loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.inpaint),
  };
  const comfy = () =>
    createComfyUIProvider({
      baseUrl: fake.url,
      workflow: shipped.textToImage,
      editWorkflow: shipped.edit,
      inpaintWorkflow: shipped.inpaint,
      model: "sd_xl_base_1.0.safetensors",
      timeoutMs: 10_000,
      pollIntervalMs: 10,
    });
  const api = setUpSignedInApiWithModel(target, "ann-comfy-edits@example.com", comfy);
  const edits = editsThroughApi(api);
  const nodeTypes = (workflow: Record<string, { class_type?: unknown }>) =>
    Object.fromEntries(Object.entries(workflow).map(([id, node]) => [id, node.class_type]));
  const uploaded = (name: unknown) => fake.uploads.find((upload) => upload.name === name);

  it("edits with words through the shipped edit workflow: the base uploaded and loaded by its LoadImage node", async () => {
    const object = await edits.oneObject();
    const base = object.images[0]!;
    const before = await edits.balance();
    const job = await edits.submitEdit(object, { instruction: "wearing a red scarf" });
    expect(job.provider).toBe("comfyui");
    expect((await runJob(api.server, job.id, comfy()))?.status).toBe("succeeded");

    expect(fake.prompts).toHaveLength(1);
    const { prompt } = fake.prompts[0]!;
    expect(nodeTypes(prompt)).toEqual(nodeTypes(shipped.edit as ComfyWorkflow));
    expect(prompt["6"]!.inputs!.text).toContain("wearing a red scarf");
    expect(prompt["11"]!.inputs).toMatchObject({ width: 1024, height: 1024 });
    const file = uploaded(prompt["10"]!.inputs!.image);
    expect(file).toBeDefined();
    expect(sha256(file!.data)).toBe(sha256(await edits.fileOf(base.url)));
    // An edit sends no mask and no references.
    expect(fake.uploads).toHaveLength(1);

    const edited = await edits.madeImage(object, job, before);
    expect(edited.lineage).toMatchObject({ operation: "edited", parentImageId: base.id });
  });

  it("repaints a region through the shipped inpaint workflow: the mask uploaded at the base's size and loaded by LoadImageMask", async () => {
    const object = await edits.oneObject();
    const base = object.images[0]!;
    const before = await edits.balance();
    const job = await edits.submitEdit(object, {
      instruction: "a golden crown",
      mask: await paintedSquare(base, PAINTED),
    });
    expect((await runJob(api.server, job.id, comfy()))?.status).toBe("succeeded");

    expect(fake.prompts).toHaveLength(1);
    const { prompt } = fake.prompts[0]!;
    expect(nodeTypes(prompt)).toEqual(nodeTypes(shipped.inpaint as ComfyWorkflow));
    expect(prompt["13"]!.inputs!.channel).toBe("red");
    const image = uploaded(prompt["10"]!.inputs!.image);
    const mask = uploaded(prompt["13"]!.inputs!.image);
    expect(sha256(image!.data)).toBe(sha256(await edits.fileOf(base.url)));
    const { data, info } = await sharp(mask!.data).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([base.width, base.height]);
    expect(data.filter((value) => value >= 128).length).toBe(PAINTED.side ** 2);
    expect(data[(PAINTED.y + 10) * base.width + PAINTED.x + 10]).toBe(255);
    expect(data[0]).toBe(0);

    const repainted = await edits.madeImage(object, job, before);
    expect(repainted.lineage).toMatchObject({ operation: "repainted", parentImageId: base.id });
    await edits.expectKeptOutsideRegion(base, repainted.url);
  });

  describe("when ComfyUI fails, every credit comes back once and nothing is stored", () => {
    it("an execution error in the workflow, not retried", async () => {
      fake.control.failExecution = {
        count: 1,
        exceptionType: "RuntimeError",
        message: "CUDA error: device-side assert",
      };
      await edits.failedEdit("failed", (id) => runJob(api.server, id, comfy()), { repaint: true });
      expect(fake.prompts).toHaveLength(1);
    });

    it.each([
      ["an edit", false],
      ["a repaint", true],
    ])("%s whose POST /prompt answers 500 on every attempt", async (_, repaint) => {
      fake.control.failNext = { status: 500, count: 100 };
      await edits.failedEdit("failed", (id) => runJob(api.server, id, comfy()), { repaint });
      expect(fake.calls.filter((call) => call === "POST /prompt")).toHaveLength(2);
      expect(fake.prompts).toHaveLength(0);
    });

    it.each([
      ["an edit", false],
      ["a repaint", true],
    ])("%s whose prompt never finishes, interrupted on ComfyUI at the deadline", async (_, repaint) => {
      fake.control.stall = true;
      await edits.failedEdit("failed", (id) => edits.runWithDeadline(id, comfy()), { repaint });
      expect(fake.prompts).toHaveLength(1);
      const promptId = fake.prompts[0]!.promptId;
      await expect.poll(() => fake.interrupts).toEqual([{ promptId, interrupted: promptId }]);
      await expect.poll(() => fake.queue()).toEqual({ running: null, pending: [] });
    });

    it("a cancel while the prompt runs, which interrupts it on ComfyUI", async () => {
      fake.control.holdAtStep = 2;
      try {
        await edits.failedEdit("canceled", (id) =>
          edits.cancelWhen(id, runJob(api.server, id, comfy()), () => fake.progressSent.length === 2),
        );
        const promptId = fake.prompts[0]!.promptId;
        await expect.poll(() => fake.interrupts).toEqual([{ promptId, interrupted: promptId }]);
        expect(fake.prompts).toHaveLength(1);
      } finally {
        fake.release();
      }
    });
  });
});

describe.each(testDatabases)("editing on Gemini, on $name", (target) => {
  let fake: Awaited<ReturnType<typeof startFakeGemini>>;
  beforeAll(async () => {
    fake = await startFakeGemini();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  const gemini = () =>
    createGeminiProvider({
      apiKey: "gemini-test-key",
      model: "gemini-2.5-flash-image",
      baseUrl: fake.url,
      timeoutMs: 5_000,
    });
  const api = setUpSignedInApiWithModel(target, "ann-gemini-edits@example.com", gemini);
  const edits = editsThroughApi(api);

  it("edits with words: the base is the first inline image, the style's images after it; paid once", async () => {
    const object = await edits.oneObject();
    const base = object.images[0]!;
    const before = await edits.balance();
    const job = await edits.submitEdit(object, { instruction: "wearing a red scarf" });
    expect(job.provider).toBe("gemini");
    expect((await runJob(api.server, job.id, gemini()))?.status).toBe("succeeded");

    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent!.inlineImageHashes[0]).toBe(sha256(await edits.fileOf(base.url)));
    expect(sent!.inlineImageCount).toBeGreaterThan(1);
    expect(sent!.partKinds.filter((kind) => kind === "text")).toHaveLength(1);
    expect(sent!.texts[0]).toContain("wearing a red scarf");

    const edited = await edits.madeImage(object, job, before);
    expect(edited.lineage).toMatchObject({ operation: "edited", parentImageId: base.id });
  });

  it("answers a repaint asked of Gemini with 409, saying it cannot repaint a region, and charges nothing", async () => {
    const object = await edits.oneObject();
    const base = object.images[0]!;
    const before = await edits.balance();
    const response = await edits.askEdit(object.id, {
      imageId: base.id,
      instruction: "a golden crown",
      mask: (await paintedSquare(base, PAINTED)).toString("base64"),
      model: "gemini",
    });
    expect(response.status).toBe(409);
    expect((await json<{ error: { message: string } }>(response)).error.message).toContain("cannot repaint a region");
    expect(await edits.balance()).toBe(before);
    expect(fake.requests).toHaveLength(0);
  });

  describe("when Gemini fails, every credit comes back once and nothing is stored", () => {
    it.each(["blocked_prompt", "image_safety"] as const)("a refusal (%s), asked once", async (kind) => {
      fake.control.refuse = { kind, prompt: null };
      const row = await edits.failedEdit("failed", (id) => runJob(api.server, id, gemini()));
      expect(row.error).toContain("content policy");
      expect(fake.requests).toHaveLength(1);
    });

    it("a server error (500) on every attempt", async () => {
      fake.control.failAlways = "server_error";
      await edits.failedEdit("failed", (id) => runJob(api.server, id, gemini()));
      expect(fake.requests).toHaveLength(2);
    });

    it("an answer that never finishes, given up at the deadline", async () => {
      fake.control.stallBody = { prompt: "make it night" };
      await edits.failedEdit("failed", (id) => edits.runWithDeadline(id, gemini()));
      expect(fake.stalls.started).toBe(1);
      await expect.poll(() => fake.stalls.abandoned).toBe(1);
    });

    // Gemini cannot stop its work on a cancel (`cancel: false`): the call is dropped, and the job ends cancelled.
    it("a cancel while the model works", async () => {
      fake.control.stallBody = { prompt: "make it night" };
      await edits.failedEdit("canceled", (id) =>
        edits.cancelWhen(id, runJob(api.server, id, gemini()), () => fake.requests.length === 1),
      );
      expect(fake.requests).toHaveLength(1);
      await expect.poll(() => fake.stalls.abandoned).toBe(1);
    });
  });
});

describe("the fakes refuse what the real services would", () => {
  const png = (width: number, height: number, background = "#2a9d8f") =>
    sharp({ create: { width, height, channels: 3, background } })
      .png()
      .toBuffer();
  const editRequest = async (mask: Buffer | null): Promise<EditRequest> => ({
    prompt: "a golden crown",
    size: "square",
    detail: "draft",
    transparent: false,
    references: [],
    seed: 7,
    n: 1,
    palette: [],
    base: { data: await png(64, 64), mimeType: "image/png" },
    mask,
  });

  it("fal: Fill refuses a mask of another size than its image (422), and an image its storage did not serve", async () => {
    const fake = await startFakeFal();
    try {
      const fal = createFalProvider({ key: fake.key, model: DEFAULT_FAL_MODEL, baseUrl: fake.url, timeoutMs: 5_000 });
      const error = await fal.edit!(await editRequest(await png(32, 32, "#ffffff"))).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as Error).message).toMatch(/HTTP 422.*mask must be the same size as the image/);
      expect(fake.submissions).toHaveLength(0);

      const submitted = await fetch(`${fake.url}/fal-ai/flux-pro/v1/fill`, {
        method: "POST",
        headers: { Authorization: `Key ${fake.key}`, "Content-Type": "application/json" },
        body: JSON.stringify({ prompt: "a crown", image_url: "https://example.com/a.png" }),
      });
      expect(submitted.status).toBe(422);
      expect(await submitted.json()).toEqual({
        detail: [{ loc: ["body", "mask_url"], msg: "Field required", type: "missing" }],
      });
    } finally {
      await fake.close();
    }
  });

  it("ComfyUI: the inpaint workflow fails in VAEEncodeForInpaint when the mask is not the image's size", async () => {
    const fake = await startFakeComfyUI();
    try {
      const comfy = createComfyUIProvider({
        baseUrl: fake.url,
        workflow: loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.textToImage),
        inpaintWorkflow: loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.inpaint),
        model: "sd_xl_base_1.0.safetensors",
        timeoutMs: 10_000,
        pollIntervalMs: 10,
      });
      const error = await comfy.edit!(await editRequest(await png(32, 32, "#ffffff"))).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as Error).message).toMatch(/node 12 \(VAEEncodeForInpaint\).*mask is 32x32.*64x64/);

      // The same at the image's size runs, and makes an image of the loaded image's size.
      const made = await comfy.edit!(await editRequest(await png(64, 64, "#ffffff")));
      const meta = await sharp(made.images[0]!.data).metadata();
      expect([meta.width, meta.height]).toEqual([64, 64]);
    } finally {
      await fake.close();
    }
  });
});
