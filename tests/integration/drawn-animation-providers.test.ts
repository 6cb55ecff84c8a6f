// Animations drawn on Gemini, fal (FLUX.1 Kontext) and ComfyUI (the shipped edit workflow that takes
// a reference), each provider's real client against a
// local fake of its API that records what it is sent: every frame is an edit of the object's image,
// sent first, with the frame before it next; the frames made are paid for and aligned into a sheet.
// (OpenAI's wire, refunds and cancels: drawn-animation.test.ts.) On both databases.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { JobView } from "#domain/objects";
import { images } from "#server/db/schema";
import { createFalProvider, DEFAULT_FAL_MODEL } from "#server/generation/providers/fal.server";
import { createGeminiProvider } from "#server/generation/providers/gemini.server";
import type { ImageProvider } from "#server/generation/providers/provider";
import { startFakeFal, type FakeFal } from "../fakes/fal-api";
import { startFakeGemini } from "../fakes/gemini-api";
import { startFakeComfyUI, type FakeComfyUI } from "../fakes/comfyui";
import { createComfyUIProvider } from "#server/generation/providers/comfyui.server";
import { loadComfyWorkflow, SHIPPED_COMFY_WORKFLOWS } from "#server/generation/providers/comfyui-workflow.server";
import { testDatabases } from "../support/databases";
import { json, runJob } from "../support/factories";
import { paidObjectJobs } from "../support/paid-object-jobs";
import { setUpSignedInApiWithModel, type SignedInApi } from "../support/signed-in-api";
import { editsThroughApi, sha256 } from "./image-edits-providers-helpers";

/** Draws a 4-frame walk of a known picture on `provider`; answers the job, the cover's hash and the frames' hashes. */
async function drawnWalk(api: SignedInApi, provider: () => ImageProvider) {
  const edits = { ...editsThroughApi(api), ...paidObjectJobs(api) };
  const object = await edits.oneObject();
  const cover = object.images[0]!;
  const before = await edits.balance();
  const response = await api.server.call(`/api/objects/${object.id}/drawn-animation`, {
    method: "POST",
    cookie: api.user.cookie,
    json: { imageId: cover.id, action: "walk", frames: 4 },
  });
  expect(response.status, await response.clone().text()).toBe(202);
  const { job } = await json<{ job: JobView }>(response);
  expect(job).toMatchObject({ kind: "animation", total: 4, provider: provider().id });
  const ran = await runJob(api.server, job.id, provider());
  expect([ran?.status, ran?.error]).toEqual(["succeeded", null]);
  expect(await edits.balance()).toBe(before - job.credits);
  await edits.expectLedgerExact();
  const frames = await api.database.db.select().from(images).where(eq(images.jobId, job.id)).orderBy(images.position);
  const frameHashes = await Promise.all(
    frames.map(async (frame) => sha256((await api.server.services.storage.read(frame.fileKey))!)),
  );
  const sheet = (await edits.getObject(object.id)).images.find((image) => image.lineage.operation === "animated");
  expect(sheet?.lineage.animation).toMatchObject({ frames: 4, drawn: { frameIds: frames.map((f) => f.id) } });
  return { coverHash: sha256(await edits.fileOf(cover.url)), frameHashes };
}

describe.each(testDatabases)("animations drawn on Gemini, on $name", (target) => {
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
  const api = setUpSignedInApiWithModel(target, "ann-gemini-animation@example.com", gemini);

  it("inlines the object's image first and the frame before second, for every frame after the first", async () => {
    const { coverHash, frameHashes } = await drawnWalk(api, gemini);
    expect(fake.requests).toHaveLength(4);
    for (const [n, request] of fake.requests.entries()) {
      expect(request.inlineImageHashes[0]).toBe(coverHash);
      expect(request.texts[0]).toContain(`frame ${n + 1} of 4`);
    }
    // The frame before as it was stored: Gemini's answer on the key colour, matted.
    for (let n = 1; n < 4; n++) expect(fake.requests[n]!.inlineImageHashes[1]).toBe(frameHashes[n - 1]);
  });
});

describe.each(testDatabases)("animations drawn on fal, on $name", (target) => {
  let fake: FakeFal;
  beforeAll(async () => {
    fake = await startFakeFal();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());
  const fal = () => createFalProvider({ key: fake.key, model: DEFAULT_FAL_MODEL, baseUrl: fake.url, timeoutMs: 5_000 });
  const api = setUpSignedInApiWithModel(target, "ann-fal-animation@example.com", fal);

  it("uploads the object's image as Kontext's first image and the frame before as its second", async () => {
    const { coverHash, frameHashes } = await drawnWalk(api, fal);
    expect(fake.submissions).toHaveLength(4);
    for (const [n, sent] of fake.submissions.entries()) {
      expect(sent.model).toBe("fal-ai/flux-pro/kontext/multi");
      expect(sent.images[0]!.sha256).toBe(coverHash);
      expect(sent.input.prompt).toContain(`frame ${n + 1} of 4`);
      if (n > 0) expect(sent.images[1]!.sha256).toBe(frameHashes[n - 1]);
    }
  });
});

describe.each(testDatabases)("animations drawn on ComfyUI, on $name", (target) => {
  let fake: FakeComfyUI;
  beforeAll(async () => {
    fake = await startFakeComfyUI();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());
  const comfy = () =>
    createComfyUIProvider({
      baseUrl: fake.url,
      workflow: loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.textToImage),
      editWorkflow: loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.editWithReference),
      model: "sd_xl_base_1.0.safetensors",
      timeoutMs: 10_000,
      pollIntervalMs: 10,
    });
  const api = setUpSignedInApiWithModel(target, "ann-comfy-animation@example.com", comfy);
  const uploaded = (name: unknown) => fake.uploads.find((upload) => upload.name === name)!;

  it("loads the object's image as the image and the frame before as the reference blended into it", async () => {
    const { coverHash, frameHashes } = await drawnWalk(api, comfy);
    expect(fake.prompts).toHaveLength(4);
    for (const [n, { prompt }] of fake.prompts.entries()) {
      expect(prompt["6"]!.inputs!.text).toContain(`frame ${n + 1} of 4`);
      expect(sha256(uploaded(prompt["10"]!.inputs!.image).data)).toBe(coverHash);
      // The first frame has no frame before: the image itself fills the reference.
      expect(sha256(uploaded(prompt["13"]!.inputs!.image).data), `frame ${n + 1}`).toBe(
        n === 0 ? coverHash : frameHashes[n - 1],
      );
      expect(prompt["3"]!.inputs!.latent_image).toEqual(["16", 0]);
    }
  });
});
