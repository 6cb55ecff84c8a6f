// What the AI upscale tests share: the source picture (see-through, an opaque coral disc in the
// middle), and the steps every provider's tests take through the API: an object with that picture,
// an upscale asked and paid, the image made at exactly ×2 or ×4 with its alpha back, a failed
// upscale refunded once, and a cancel.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { expect } from "vitest";
import type { JobView, ObjectDetail, ObjectImageView } from "#domain/objects";
import { generationJobs, images } from "#server/db/schema";
import { createStyleThroughApi, json, runJob, submitObjects } from "../support/factories";
import { paidObjectJobs } from "../support/paid-object-jobs";
import type { SignedInApi } from "../support/signed-in-api";

/** The source picture: see-through, with an opaque coral disc in the middle. */
export const SUBJECT = { r: 231, g: 111, b: 81 };
const DISC_RADIUS = 0.3;

export async function transparentPicture(width: number, height: number) {
  const r = Math.round(Math.min(width, height) * DISC_RADIUS);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${r}" fill="rgb(${SUBJECT.r},${SUBJECT.g},${SUBJECT.b})"/></svg>`;
  return sharp(Buffer.from(svg)).ensureAlpha().png().toBuffer();
}

/** What every provider's tests do through the API: an object, an upscale asked, the job's row and files. */
export function upscalesThroughApi(api: SignedInApi) {
  const { getObject, fileOf, balance, expectLedgerExact, expectRefundedWhole, cancelWhen } = paidObjectJobs(api);
  const askUpscale = (objectId: string, body: Record<string, unknown>, cookie = api.user.cookie) =>
    api.server.call(`/api/objects/${objectId}/ai-upscale`, { method: "POST", cookie, json: body });
  const jobsOfUser = async () =>
    (await api.database.db.select().from(generationJobs).where(eq(generationJobs.ownerId, api.user.userId))).length;

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
    return expectRefundedWhole(job, before);
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
