// What the image-edits provider tests share: a painted square as a repaint's mask, and the steps
// every provider's tests take through the API (an object with a known picture, an edit asked and
// paid, the image made and its lineage, a failed edit refunded once, a cancel, a short deadline).
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { expect } from "vitest";
import { createHash } from "node:crypto";
import type { JobView, ObjectDetail } from "#domain/objects";
import { images } from "#server/db/schema";
import type { ImageProvider } from "#server/generation/providers/provider";
import { providerRegistry } from "#server/generation/providers/registry.server";
import { runGenerationJob } from "#server/generation/run-job.server";
import { createStyleThroughApi, json, runJob, submitObjects } from "../support/factories";
import { paidObjectJobs } from "../support/paid-object-jobs";
import type { SignedInApi } from "../support/signed-in-api";

export const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** The whole-call deadline of `runWithDeadline`, and the one to give a provider's own client. */
export const DEADLINE_MS = 2_000;

/** A mask of the image's size: white (painted) in a square from (x, y), transparent elsewhere. */
export async function paintedSquare(
  size: { width: number; height: number },
  at: { x: number; y: number; side: number },
) {
  const square = await sharp({ create: { width: at.side, height: at.side, channels: 4, background: "#ffffff" } })
    .png()
    .toBuffer();
  return sharp({ create: { ...size, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: square, left: at.x, top: at.y }])
    .png()
    .toBuffer();
}

export const PAINTED = { x: 300, y: 300, side: 200 };

/** What every provider's tests do through the API: an object, an edit asked, the job's row and files. */
export function editsThroughApi(api: SignedInApi) {
  const { getObject, fileOf, jobRow, balance, expectLedgerExact, expectRefundedWhole, cancelWhen } =
    paidObjectJobs(api);
  const askEdit = (objectId: string, body: Record<string, unknown>) =>
    api.server.call(`/api/objects/${objectId}/edit`, { method: "POST", cookie: api.user.cookie, json: body });

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
    return expectRefundedWhole(job, before, status);
  }

  /**
   * Runs the job once on `provider` alone, under a short whole-call deadline: long enough for the
   * upload and the request on a busy machine, so it falls while the provider is still at work.
   */
  const runWithDeadline = (jobId: string, provider: ImageProvider) =>
    runGenerationJob(
      {
        db: api.database.db,
        storage: api.server.services.storage,
        providers: providerRegistry([provider]),
        maxAttempts: 1,
        timeoutMs: DEADLINE_MS,
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
