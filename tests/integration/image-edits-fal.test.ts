// Editing an object's image with words and repainting a painted region on fal (FLUX.1 Kontext and
// Fill), through the API and the engine, fal's real client against a local fake that checks what
// it is sent: the base uploaded first, a mask of the base's size, white where painted. Success is
// paid once; a refusal, a 5xx, a timeout and a cancel are each refunded exactly once. On both databases.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFalProvider, DEFAULT_FAL_MODEL } from "#server/generation/providers/fal.server";
import { startFakeFal, type FakeFal } from "../fakes/fal-api";
import { testDatabases } from "../support/databases";
import { runJob } from "../support/factories";
import { setUpSignedInApiWithModel } from "../support/signed-in-api";
import { DEADLINE_MS, editsThroughApi, PAINTED, paintedSquare, sha256 } from "./image-edits-providers-helpers";

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
      await edits.failedEdit("failed", (id) => edits.runWithDeadline(id, fal(DEADLINE_MS)));
      // The cancel first: one that came late would reach the next test.
      await expect.poll(() => fake.cancels).toEqual([fake.submissions[0]!.requestId]);
      expect(fake.stalls.started).toBe(1);
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
