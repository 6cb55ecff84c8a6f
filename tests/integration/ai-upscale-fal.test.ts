// AI upscale of an object's image on fal (Real-ESRGAN), through the API and the engine, fal's real
// client against a local fake that checks what it is sent: the picture opaque, at the source's size,
// with the scale asked; Motif puts the source's alpha back. Success is paid once; a 5xx, a timeout
// and a cancel are each refunded exactly once; a model without an upscaler, a result over the
// largest side and someone else's object are refused and charge nothing. On both databases.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { generationJobs, images } from "#server/db/schema";
import { createFalProvider, DEFAULT_FAL_MODEL } from "#server/generation/providers/fal.server";
import { providerRegistry } from "#server/generation/providers/registry.server";
import { runGenerationJob } from "#server/generation/run-job.server";
import { startFakeFal, type FakeFal } from "../fakes/fal-api";
import { testDatabases } from "../support/databases";
import { json, runJob } from "../support/factories";
import { setUpSignedInApiWithModel } from "../support/signed-in-api";
import { signInThroughApi } from "../support/test-server";
import { SUBJECT, upscalesThroughApi } from "./ai-upscale-helpers";

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

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
            // Long enough for the upload and the submission on a busy machine, so the deadline
            // falls while fal's queue answers "in progress".
            providers: providerRegistry([fal(2_000)]),
            maxAttempts: 1,
            timeoutMs: 2_000,
          },
          id,
        ),
      );
      expect(row.status).toBe("failed");
      await expect.poll(() => fake.cancels).toEqual([fake.submissions[0]!.requestId]);
      expect(fake.stalls.started).toBe(1);
      expect(fake.submissions.map((s) => s.model)).toEqual(["fal-ai/esrgan"]);
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
