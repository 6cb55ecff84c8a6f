// Extending an image on fal (FLUX.1 Fill), on ComfyUI (the shipped outpaint workflow) and on
// Stability (its own Outpaint), through the API and the engine, each real client against a local
// fake that checks what it is sent: the enlarged canvas, and a mask of its size, white over the new
// space (Stability: the picture alone, and the pixels to add on each side); the stored image
// larger, the original's pixels unchanged, paid once; a failure refunded once. On both databases.
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { JobView, ObjectDetail } from "#domain/objects";
import { createComfyUIProvider } from "#server/generation/providers/comfyui.server";
import { loadComfyWorkflow, SHIPPED_COMFY_WORKFLOWS } from "#server/generation/providers/comfyui-workflow.server";
import { createFalProvider, DEFAULT_FAL_MODEL } from "#server/generation/providers/fal.server";
import { createStabilityProvider } from "#server/generation/providers/stability.server";
import { startFakeComfyUI, type FakeComfyUI } from "../fakes/comfyui";
import { startFakeFal, type FakeFal } from "../fakes/fal-api";
import { startFakeStability, type FakeStability } from "../fakes/stability-api";
import { testDatabases } from "../support/databases";
import { json, runJob } from "../support/factories";
import { paidObjectJobs } from "../support/paid-object-jobs";
import { setUpSignedInApiWithModel, type SignedInApi } from "../support/signed-in-api";
import { editsThroughApi } from "./image-edits-providers-helpers";

/** The seam's rows nearest the new space that the mask paints more than half (of SEAM_FEATHER, fading). */
const SEAM_ROWS_OVER_HALF = 4;

/** What both providers' tests do: extend the object's first image upward by a quarter. */
function outpaintsThroughApi(api: SignedInApi) {
  const edits = editsThroughApi(api);
  async function extendUp(object: ObjectDetail) {
    const before = await edits.balance();
    const response = await api.server.call(`/api/objects/${object.id}/outpaint`, {
      method: "POST",
      cookie: api.user.cookie,
      json: { imageId: object.images[0]!.id, sides: { top: 0.25 }, words: "a clear sky" },
    });
    expect(response.status, await response.clone().text()).toBe(202);
    const { job } = await json<{ job: JobView }>(response);
    expect(await edits.balance()).toBe(before - job.credits);
    return { job, before };
  }
  /** The original's pixels, row by row, below the new quarter of the made image. */
  async function expectOriginalKept(base: ObjectDetail["images"][number], madeUrl: string) {
    const [was, now] = await Promise.all(
      [base.url, madeUrl].map(async (url) =>
        sharp(await edits.fileOf(url))
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true }),
      ),
    );
    expect([now!.info.width, now!.info.height]).toEqual([base.width, base.height * 1.25]);
    const row = base.width * 4;
    expect(Buffer.compare(now!.data.subarray((base.height / 4) * row), was!.data)).toBe(0);
  }
  return { ...edits, ...paidObjectJobs(api), extendUp, expectOriginalKept };
}

describe.each(testDatabases)("extending an image on fal, on $name", (target) => {
  let fake: FakeFal;
  beforeAll(async () => {
    fake = await startFakeFal();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  const fal = () =>
    createFalProvider({
      key: fake.key,
      model: DEFAULT_FAL_MODEL,
      baseUrl: fake.url,
      timeoutMs: 5_000,
      pollIntervalMs: 5,
    });
  const api = setUpSignedInApiWithModel(target, "ann-fal-outpaint@example.com", () => fal());
  const outpaints = outpaintsThroughApi(api);

  it("sends FLUX.1 Fill the enlarged canvas and a mask of its size, white over the new space, and keeps the original's pixels", async () => {
    const object = await outpaints.oneObject();
    const base = object.images[0]!;
    const { job, before } = await outpaints.extendUp(object);
    expect(job).toMatchObject({ kind: "outpaint", provider: "fal" });
    expect((await runJob(api.server, job.id, fal()))?.status).toBe("succeeded");

    expect(fake.submissions).toHaveLength(1);
    const [sent] = fake.submissions;
    expect(sent!.model).toBe("fal-ai/flux-pro/v1/fill");
    expect(sent!.input.prompt).toContain("a clear sky");
    const canvas = { width: base.width, height: base.height * 1.25 };
    expect(sent!.image).toMatchObject(canvas);
    expect(sent!.mask).toMatchObject({
      ...canvas,
      whitePixels: base.width * (base.height / 4 + SEAM_ROWS_OVER_HALF),
    });

    const made = await outpaints.madeImage(object, job, before);
    expect(made.lineage).toMatchObject({
      operation: "outpainted",
      parentImageId: base.id,
      sides: { left: 0, right: 0, top: 0.25, bottom: 0 },
    });
    await outpaints.expectOriginalKept(base, made.url);
  });

  it("refunds an outpaint fal's safety checker flagged once, and stores nothing", async () => {
    fake.control.nsfw = true;
    const object = await outpaints.oneObject();
    const { job, before } = await outpaints.extendUp(object);
    expect((await runJob(api.server, job.id, fal()))?.status).toBe("failed");
    await outpaints.expectRefundedWhole(job, before, "failed");
  });
});

describe.each(testDatabases)("extending an image on ComfyUI, on $name", (target) => {
  let fake: FakeComfyUI;
  beforeAll(async () => {
    fake = await startFakeComfyUI();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  const outpaintWorkflow = loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.outpaint);
  const comfy = () =>
    createComfyUIProvider({
      baseUrl: fake.url,
      workflow: loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.textToImage),
      editWorkflow: loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.edit),
      inpaintWorkflow: loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.inpaint),
      outpaintWorkflow,
      model: "sd_xl_base_1.0.safetensors",
      timeoutMs: 10_000,
      pollIntervalMs: 10,
    });
  const api = setUpSignedInApiWithModel(target, "ann-comfy-outpaint@example.com", comfy);
  const outpaints = outpaintsThroughApi(api);

  it("runs the shipped outpaint workflow on the enlarged canvas and its mask, and stores its result", async () => {
    const object = await outpaints.oneObject();
    const base = object.images[0]!;
    const { job, before } = await outpaints.extendUp(object);
    expect((await runJob(api.server, job.id, comfy()))?.status).toBe("succeeded");

    expect(fake.prompts).toHaveLength(1);
    const { prompt } = fake.prompts[0]!;
    const types = (workflow: Record<string, { class_type?: unknown }>) =>
      Object.fromEntries(Object.entries(workflow).map(([id, node]) => [id, node.class_type]));
    expect(types(prompt)).toEqual(types(outpaintWorkflow));
    expect(prompt["9"]!.inputs!.filename_prefix).toBe("motif-outpaint");
    expect(prompt["6"]!.inputs!.text).toContain("a clear sky");
    const uploaded = (name: unknown) => fake.uploads.find((upload) => upload.name === name)!;
    const canvas = await sharp(uploaded(prompt["10"]!.inputs!.image).data).metadata();
    expect([canvas.width, canvas.height]).toEqual([base.width, base.height * 1.25]);
    const mask = await sharp(uploaded(prompt["13"]!.inputs!.image).data)
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([mask.info.width, mask.info.height]).toEqual([base.width, base.height * 1.25]);
    expect(mask.data.filter((value) => value === 255).length).toBe(base.width * (base.height / 4));

    const made = await outpaints.madeImage(object, job, before);
    expect(made.lineage).toMatchObject({ operation: "outpainted", parentImageId: base.id });
    await outpaints.expectOriginalKept(base, made.url);
  });
});

describe.each(testDatabases)("extending an image on Stability, on $name", (target) => {
  let fake: FakeStability;
  beforeAll(async () => {
    fake = await startFakeStability();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  const stability = () =>
    createStabilityProvider({ apiKey: fake.apiKey, model: "core", baseUrl: fake.url, timeoutMs: 5_000 });
  const api = setUpSignedInApiWithModel(target, "ann-stability-outpaint@example.com", () => stability());
  const outpaints = outpaintsThroughApi(api);

  it("sends Outpaint the picture as it is and the pixels to add above it, and keeps the original's pixels", async () => {
    const object = await outpaints.oneObject();
    const base = object.images[0]!;
    const { job, before } = await outpaints.extendUp(object);
    expect((await runJob(api.server, job.id, stability()))?.status).toBe("succeeded");

    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent).toMatchObject({
      endpoint: "edit/outpaint",
      fields: { left: "0", right: "0", up: String(base.height / 4), down: "0" },
      images: { image: { width: base.width, height: base.height } },
    });
    expect(sent!.fields.prompt).toContain("a clear sky");

    const made = await outpaints.madeImage(object, job, before);
    expect(made.lineage).toMatchObject({ operation: "outpainted", parentImageId: base.id });
    await outpaints.expectOriginalKept(base, made.url);
  });
});
