import { eq, inArray, sql } from "drizzle-orm";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getBalance, getBalanceSnapshot } from "#server/credits/credits.server";
import { refundCredits } from "#server/credits/ledger.server";
import { queryRows, type DatabaseHandle } from "#server/db/client.server";
import { generationJobs, images, users } from "#server/db/schema";
import { AppError } from "#domain/errors";
import { cancelJob, cancelStyleJobs, failJob, sweepStaleJobs } from "#server/generation/lifecycle.server";
import { providerRegistry } from "#server/generation/providers/registry.server";
import { runGenerationJob } from "#server/generation/run-job.server";
import {
  activeSampleJobIds,
  createMissingSamplesJob,
  createStyleWithSamples,
  samplesJobPrice,
  type NewStyleInput,
} from "#server/styles/style-samples.server";
import { createOfflineProvider, PREVIEW_MODEL } from "#server/generation/providers/offline.server";
import {
  ProviderRetryableError,
  ProviderRefusalError,
  type ImageProvider,
} from "#server/generation/providers/provider";
import { createDiskStorage } from "#server/storage/storage.server";
import { testDatabases } from "../support/databases";
import { createUser } from "../support/factories";
import { cardVariantSizes, cardVariantsSettled } from "#server/images/card-variants.server";
import { derivativeKey } from "#server/images/optimize.server";

const styleInput: NewStyleInput = {
  name: "Flat icons",
  description: "Flat vector icons, warm amber and teal",
  source: "text",
  prompt: "Flat vector icons.",
  palette: ["#f4a23c", "#2a9d8f"],
  seed: 7,
  defaultSize: "square",
  defaultDetail: "draft",
  defaultTransparent: true,
};
const PRICE = samplesJobPrice({ size: "square", detail: "draft" }); // 4 × 3 = 12

async function ledgerSum(handle: DatabaseHandle, userId: string): Promise<number> {
  const [row] = await queryRows<{ total: string | number }>(
    handle.db,
    sql`select coalesce(sum(delta), 0) as total from credit_ledger where user_id = ${userId}`,
  );
  return Number(row!.total);
}

describe.each(testDatabases)("credits and generation jobs on $name", (target) => {
  let handle: DatabaseHandle;
  let filesDir: string;
  beforeAll(async () => {
    handle = await target.open();
    filesDir = mkdtempSync(path.join(tmpdir(), "motif-jobs-"));
  });
  afterAll(async () => {
    await handle?.close();
    rmSync(filesDir, { recursive: true, force: true });
  });
  /** A user with `credits`, and one submitted (charged, queued) style job. */
  async function submitted(credits = 100) {
    const userId = await createUser(handle, credits);
    const { job, style } = await createStyleWithSamples(handle.db, {
      userId,
      style: styleInput,
      provider: createOfflineProvider(),
    });
    return { userId, job, style };
  }

  /** Cancels a style's running sample job by its id, as the style card's Cancel does. */
  async function cancelSamples(options: { userId: string; styleId: string }) {
    const [jobId] = await activeSampleJobIds(handle.db, options);
    if (!jobId) return null;
    try {
      const result = await cancelJob({ db: handle.db }, { userId: options.userId, jobId });
      return { jobs: [result.job], refund: result.refund };
    } catch (error) {
      if (error instanceof AppError && error.code === "conflict") return null;
      throw error;
    }
  }

  const context = (provider: ImageProvider, extra = {}) => ({
    db: handle.db,
    storage: createDiskStorage(filesDir),
    providers: providerRegistry([provider]),
    maxAttempts: 3,
    backoffMs: () => 5,
    ...extra,
  });

  it("accepts exactly as many of 50 concurrent submissions as the balance pays for", async () => {
    const userId = await createUser(handle, PRICE * 10);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        createStyleWithSamples(handle.db, { userId, style: styleInput, provider: createOfflineProvider() }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    expect(
      results
        .filter((r) => r.status === "rejected")
        .every((r) => (r as PromiseRejectedResult).reason.name === "InsufficientCreditsError"),
    ).toBe(true);
    expect(await getBalance(handle.db, userId)).toBe(0);
    expect(await ledgerSum(handle, userId)).toBe(0);
    const jobs = await handle.db.select().from(generationJobs).where(eq(generationJobs.ownerId, userId));
    expect(jobs).toHaveLength(10);
  });

  it("runs a job to success, storing each anchor once", async () => {
    const { userId, job } = await submitted();
    const finished = await runGenerationJob(context(createOfflineProvider()), job.id);
    expect(finished?.status).toBe("succeeded");
    const stored = await handle.db.select().from(images).where(eq(images.jobId, job.id));
    expect(stored.map((i) => i.position).sort()).toEqual([0, 1, 2, 3]);
    expect(stored.every((i) => i.hasAlpha && i.width === 1024)).toBe(true);
    const first = stored.find((i) => i.position === 0)!;
    expect(first).toMatchObject({
      ownerId: userId,
      styleId: job.styleId,
      role: "anchor",
      subject: "a cosy house",
      height: 1024,
      format: "png",
      seed: styleInput.seed,
      provider: "offline",
      model: PREVIEW_MODEL,
    });
    expect(first.bytes).toBeGreaterThan(1000);
    expect(first.prompt).toContain("a cosy house");
    // Running a finished job again does nothing.
    expect(await runGenerationJob(context(createOfflineProvider()), job.id)).toBeNull();
    expect(await getBalance(handle.db, userId)).toBe(100 - PRICE);
  });

  it("finishes a job whose worker died mid-way: one result set, one charge", async () => {
    const { userId, job } = await submitted();
    const offline = createOfflineProvider();
    let calls = 0;
    const dying = new AbortController();
    const crashing: ImageProvider = {
      ...offline,
      async generate(request) {
        if (++calls === 3) {
          dying.abort(new Error("worker killed"));
          throw new Error("worker killed");
        }
        return offline.generate(request);
      },
    };
    await expect(runGenerationJob(context(crashing, { signal: dying.signal }), job.id)).rejects.toThrow();
    const [interrupted] = await handle.db.select().from(generationJobs).where(eq(generationJobs.id, job.id));
    expect(interrupted?.status).toBe("running");

    const finished = await runGenerationJob(context(offline), job.id);
    expect(finished).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(await handle.db.select().from(images).where(eq(images.jobId, job.id))).toHaveLength(4);
    expect(await getBalance(handle.db, userId)).toBe(100 - PRICE);
    expect(await ledgerSum(handle, userId)).toBe(100 - PRICE);
  });

  it("two runs of one job at once (a worker taken for dead) leave one image per sample and no stray files", async () => {
    const { userId, job, style } = await submitted();
    const storage = createDiskStorage(filesDir);
    await Promise.all([
      runGenerationJob(context(createOfflineProvider(), { storage }), job.id),
      runGenerationJob(context(createOfflineProvider(), { storage }), job.id),
    ]);
    const stored = await handle.db.select().from(images).where(eq(images.jobId, job.id));
    expect(stored.map((i) => i.position).sort()).toEqual([0, 1, 2, 3]);
    for (const image of stored) expect(await storage.read(image.fileKey)).not.toBeNull();
    // Each kept image with its grid copies; nothing of the run that lost.
    await cardVariantsSettled();
    const files = readdirSync(path.join(filesDir, "users", userId, "styles", style.id));
    expect(files.sort()).toEqual(
      stored
        .flatMap((i) => [i.fileKey, ...cardVariantSizes(i.width).map((size) => derivativeKey(i.fileKey, size))])
        .map((key) => path.basename(key))
        .sort(),
    );
    expect(await getBalance(handle.db, userId)).toBe(100 - PRICE);
  });

  it("fails a job whose provider fails every try, refunding exactly once", async () => {
    const { userId, job } = await submitted();
    let calls = 0;
    const broken: ImageProvider = {
      ...createOfflineProvider(),
      async generate() {
        calls++;
        throw new ProviderRetryableError("HTTP 500");
      },
    };
    const failed = await runGenerationJob(context(broken), job.id);
    expect(calls).toBe(3);
    expect(failed).toMatchObject({ status: "failed", refunded: true });
    expect(failed?.error).toContain("not answering");
    expect(await getBalance(handle.db, userId)).toBe(100);
    // A second refund of the same job is refused.
    expect(await refundCredits(handle.db, { userId, amount: job.credits, ref: job.id })).toBeNull();
    expect(await getBalance(handle.db, userId)).toBe(100);
    expect(await ledgerSum(handle, userId)).toBe(100);
  });

  it("does not retry a refusal, and gives up after three in a row with nothing made", async () => {
    const { userId, job } = await submitted();
    let calls = 0;
    const refusing: ImageProvider = {
      ...createOfflineProvider(),
      async generate() {
        calls++;
        throw new ProviderRefusalError("blocked");
      },
    };
    const failed = await runGenerationJob(context(refusing), job.id);
    expect(calls).toBe(3);
    expect(failed?.error).toContain("content policy");
    expect(await getBalance(handle.db, userId)).toBe(100);
  });

  it("never refunds a job that already succeeded", async () => {
    const { userId, job } = await submitted();
    await runGenerationJob(context(createOfflineProvider()), job.id);
    const [finished] = await handle.db.select().from(generationJobs).where(eq(generationJobs.id, job.id));
    expect(await failJob({ db: handle.db }, finished!, "late failure")).toBeNull();
    expect(await getBalance(handle.db, userId)).toBe(100 - PRICE);
  });

  it("ends jobs left unfinished far too long, with a refund", async () => {
    const { userId, job } = await submitted();
    await handle.db
      .update(generationJobs)
      .set({ status: "running", createdAt: new Date(Date.now() - 3 * 3_600_000) })
      .where(eq(generationJobs.id, job.id));
    expect(
      await sweepStaleJobs({ db: handle.db }, { perImageMs: 60_000, minimumMs: 3_600_000 }),
    ).toBeGreaterThanOrEqual(1);
    const [swept] = await handle.db.select().from(generationJobs).where(eq(generationJobs.id, job.id));
    expect(swept).toMatchObject({ status: "failed", refunded: true });
    expect(await getBalance(handle.db, userId)).toBe(100);
  });

  it("gives a job more time before sweeping it the more images it makes", async () => {
    const small = await submitted();
    const large = await submitted();
    const threeHoursAgo = new Date(Date.now() - 3 * 3_600_000);
    await handle.db
      .update(generationJobs)
      .set({ createdAt: threeHoursAgo })
      .where(inArray(generationJobs.id, [small.job.id, large.job.id]));
    await handle.db.update(generationJobs).set({ imageCount: 200 }).where(eq(generationJobs.id, large.job.id));
    // 4 images × 1 minute is long past; 200 × 1 minute is not.
    await sweepStaleJobs({ db: handle.db }, { perImageMs: 60_000, minimumMs: 60_000 });
    const rows = await handle.db
      .select({ id: generationJobs.id, status: generationJobs.status })
      .from(generationJobs)
      .where(inArray(generationJobs.id, [small.job.id, large.job.id]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [small.job.id]: "failed",
      [large.job.id]: "queued",
    });
  });

  it("refunds a style's unfinished jobs when it is cancelled", async () => {
    const { userId, job, style } = await submitted();
    await cancelStyleJobs({ db: handle.db }, { userId, styleId: style.id });
    const [cancelled] = await handle.db.select().from(generationJobs).where(eq(generationJobs.id, job.id));
    expect(cancelled).toMatchObject({ status: "canceled", refunded: true });
    expect(await getBalance(handle.db, userId)).toBe(100);
    expect(await ledgerSum(handle, userId)).toBe(100);
  });

  it("refunds once under concurrent refunds", async () => {
    const userId = await createUser(handle, 50);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => refundCredits(handle.db, { userId, amount: 10, ref: "job-x" })),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await getBalance(handle.db, userId)).toBe(60);
  });

  it("versions the balance, so a reading taken before a change is recognised as older", async () => {
    const { userId, job } = await submitted();
    const reserved = await getBalanceSnapshot(handle.db, userId);
    expect(reserved.credits).toBe(100 - PRICE);
    await failJob({ db: handle.db }, job, "provider down");
    const refunded = await getBalanceSnapshot(handle.db, userId);
    expect(refunded).toMatchObject({ credits: 100 });
    expect(refunded.version).toBeGreaterThan(reserved.version);
    // The refund told the user's pages the new balance with its version.
    const [event] = await queryRows<{ data: { credits: number; version: number } }>(
      handle.db,
      sql`select data from user_events where user_id = ${userId} and type = 'credits' order by id desc limit 1`,
    );
    expect(event!.data).toEqual(refunded);
  });

  describe("cancelling and completing a style's samples", () => {
    const IMAGE_PRICE = PRICE / 4;

    async function anchorsOf(styleId: string) {
      return handle.db
        .select()
        .from(images)
        .where(eq(images.styleId, styleId))
        .orderBy(images.createdAt, images.position);
    }

    it("cancels a queued job with a full refund", async () => {
      const { userId, job, style } = await submitted();
      const result = await cancelSamples({ userId, styleId: style.id });
      expect(result?.refund).toBe(PRICE);
      expect(result?.jobs[0]).toMatchObject({ id: job.id, status: "canceled", refunded: true });
      expect(result?.jobs[0]?.error).toBe(`Cancelled. Your ${PRICE} credits were refunded.`);
      expect(await getBalance(handle.db, userId)).toBe(100);
      // The queued job is not run after all.
      expect(await runGenerationJob(context(createOfflineProvider()), job.id)).toBeNull();
      expect(await anchorsOf(style.id)).toHaveLength(0);
      expect(await cancelSamples({ userId, styleId: style.id })).toBeNull();
    });

    it("cancels mid-run: keeps and charges what was made, throws away the image in flight", async () => {
      const { userId, job, style } = await submitted();
      const offline = createOfflineProvider();
      let calls = 0;
      const provider: ImageProvider = {
        ...offline,
        async generate(request) {
          calls++;
          // The user cancels while the second image is being made.
          if (calls === 2) await cancelSamples({ userId, styleId: style.id });
          return offline.generate(request);
        },
      };
      const storage = createDiskStorage(filesDir);
      expect(await runGenerationJob(context(provider, { storage }), job.id)).toBeNull();
      expect(calls).toBe(2);
      const kept = await anchorsOf(style.id);
      expect(kept.map((image) => image.position)).toEqual([0]);
      expect(await storage.read(kept[0]!.fileKey.replace(/-0-r1\.png$/, "-1-r1.png"))).toBeNull();
      expect(await storage.read(kept[0]!.fileKey)).not.toBeNull();
      const [ended] = await handle.db.select().from(generationJobs).where(eq(generationJobs.id, job.id));
      expect(ended).toMatchObject({ status: "canceled", refunded: true });
      expect(ended?.error).toBe(`Cancelled after 1 of 4 images. ${PRICE - IMAGE_PRICE} unused credits were refunded.`);
      expect(await getBalance(handle.db, userId)).toBe(100 - IMAGE_PRICE);
      expect(await ledgerSum(handle, userId)).toBe(100 - IMAGE_PRICE);
    });

    it("stops retrying once cancelled, without another call to the provider", async () => {
      const { userId, job, style } = await submitted();
      let calls = 0;
      const flaky: ImageProvider = {
        ...createOfflineProvider(),
        async generate() {
          calls++;
          // The user cancels while the service is failing; the retry after the pause is not made.
          await cancelSamples({ userId, styleId: style.id });
          throw new ProviderRetryableError("HTTP 503");
        },
      };
      expect(await runGenerationJob(context(flaky), job.id)).toBeNull();
      expect(calls).toBe(1);
      expect(await getBalance(handle.db, userId)).toBe(100);
    });

    it("does not cancel a job whose images are all made: it counts as finished, and is paid", async () => {
      const { userId, job, style } = await submitted();
      // The worker stored every image but had not yet marked the job done.
      await runGenerationJob(context(createOfflineProvider()), job.id);
      await handle.db.update(generationJobs).set({ status: "running" }).where(eq(generationJobs.id, job.id));
      expect(await cancelSamples({ userId, styleId: style.id })).toBeNull();
      const [row] = await handle.db.select().from(generationJobs).where(eq(generationJobs.id, job.id));
      expect(row).toMatchObject({ status: "succeeded", refunded: false });
      expect(await getBalance(handle.db, userId)).toBe(100 - PRICE);
    });

    it("makes only the missing samples, for their price, matched to the ones already made", async () => {
      const { userId, job, style } = await submitted();
      const offline = createOfflineProvider();
      let calls = 0;
      const failsOnThird: ImageProvider = {
        ...offline,
        async generate(request) {
          if (++calls >= 3) throw new ProviderRefusalError("blocked");
          return offline.generate(request);
        },
      };
      // Two samples are kept and paid for; the two refused ones are refunded.
      expect(await runGenerationJob(context(failsOnThird), job.id)).toMatchObject({
        status: "succeeded",
        refundedCredits: 2 * IMAGE_PRICE,
      });
      expect(await anchorsOf(style.id)).toHaveLength(2);
      expect(await getBalance(handle.db, userId)).toBe(100 - 2 * IMAGE_PRICE);

      const again = await createMissingSamplesJob(handle.db, { userId, styleId: style.id, provider: offline });
      expect(again?.job.credits).toBe(2 * IMAGE_PRICE);
      expect(await getBalance(handle.db, userId)).toBe(100 - 4 * IMAGE_PRICE);
      // Asked again while that job is unfinished: the same job, nothing charged again.
      const repeated = await createMissingSamplesJob(handle.db, { userId, styleId: style.id, provider: offline });
      expect(repeated).toMatchObject({ existing: true, job: { id: again.job.id } });
      expect(await getBalance(handle.db, userId)).toBe(100 - 4 * IMAGE_PRICE);

      const referenceCounts: number[] = [];
      const watching: ImageProvider = {
        ...offline,
        async generate(request) {
          referenceCounts.push(request.references.length);
          return offline.generate(request);
        },
      };
      expect(await runGenerationJob(context(watching), again!.job.id)).toMatchObject({ status: "succeeded" });
      expect(referenceCounts).toEqual([2, 2]);
      const anchors = await anchorsOf(style.id);
      expect(new Set(anchors.map((a) => a.subject)).size).toBe(4);
      await expect(
        createMissingSamplesJob(handle.db, { userId, styleId: style.id, provider: offline }),
      ).rejects.toThrow(new AppError("conflict", "This style already has all its sample images."));
      expect(await ledgerSum(handle, userId)).toBe(100 - 4 * IMAGE_PRICE);
    });

    it("charges once when the missing samples are asked for many times at once: every answer is the one job", async () => {
      const { userId, style } = await submitted();
      await cancelSamples({ userId, styleId: style.id });
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, () =>
          createMissingSamplesJob(handle.db, { userId, styleId: style.id, provider: createOfflineProvider() }),
        ),
      );
      const answers = results.map(
        (r) => (r as PromiseFulfilledResult<{ job: { id: string }; existing: boolean }>).value,
      );
      expect(results.every((r) => r.status === "fulfilled")).toBe(true);
      expect(answers.filter((a) => !a.existing)).toHaveLength(1);
      expect(new Set(answers.map((a) => a.job.id)).size).toBe(1);
      expect(await getBalance(handle.db, userId)).toBe(100 - PRICE);
    });

    it("refuses someone else's style and a short balance, charging nothing", async () => {
      const { userId, style } = await submitted(PRICE);
      await cancelSamples({ userId, styleId: style.id });
      const stranger = await createUser(handle, 100);
      await expect(
        createMissingSamplesJob(handle.db, {
          userId: stranger,
          styleId: style.id,
          provider: createOfflineProvider(),
        }),
      ).rejects.toThrow(new AppError("not_found", "No such style."));
      expect(await cancelSamples({ userId: stranger, styleId: style.id })).toBeNull();
      await handle.db.update(users).set({ credits: 2 }).where(eq(users.id, userId));
      await expect(
        createMissingSamplesJob(handle.db, { userId, styleId: style.id, provider: createOfflineProvider() }),
      ).rejects.toThrow("This needs 12 credits and your balance is 2.");
      expect(await getBalance(handle.db, userId)).toBe(2);
      expect(await getBalance(handle.db, stranger)).toBe(100);
    });
  });
});
