// Credits and generation jobs, on both databases: as many concurrent submissions accepted as the
// balance pays for; a job run to success, finished after its worker died, or run twice at once;
// failures and refusals refunded exactly once; stale jobs swept; the balance versioned.
import { eq, inArray, sql } from "drizzle-orm";
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getBalance, getBalanceSnapshot } from "#server/credits/credits.server";
import { refundCredits } from "#server/credits/ledger.server";
import { queryRows } from "#server/db/client.server";
import { generationJobs, images } from "#server/db/schema";
import { cancelStyleJobs, failJob, sweepStaleJobs } from "#server/generation/lifecycle.server";
import { runGenerationJob } from "#server/generation/run-job.server";
import { insertStyleWithSamples } from "#server/styles/style-samples.server";
import { createOfflineProvider, PREVIEW_MODEL } from "#server/generation/providers/offline.server";
import {
  ProviderRetryableError,
  ProviderRefusalError,
  type ImageProvider,
} from "#server/generation/providers/provider";
import { createDiskStorage } from "#server/storage/storage.server";
import { testDatabases } from "../support/databases";
import { createUser, personalActor } from "../support/factories";
import { cardVariantSizes, cardVariantsSettled } from "#server/images/card-variants.server";
import { derivativeKey } from "#server/images/optimize.server";
import { jobsOn, ledgerSum, PRICE, styleInput } from "./credits-and-jobs-helpers";

describe.each(testDatabases)("credits and generation jobs on $name", (target) => {
  const on = jobsOn(target);
  const { submitted, context } = on;

  it("accepts exactly as many of 50 concurrent submissions as the balance pays for", async () => {
    const userId = await createUser(on.handle, PRICE * 10);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        on.handle.db.transaction((tx) =>
          insertStyleWithSamples(tx, {
            actor: personalActor(userId),
            style: styleInput,
            provider: createOfflineProvider(),
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    expect(
      results
        .filter((r) => r.status === "rejected")
        .every((r) => (r as PromiseRejectedResult).reason.name === "InsufficientCreditsError"),
    ).toBe(true);
    expect(await getBalance(on.handle.db, userId)).toBe(0);
    expect(await ledgerSum(on.handle, userId)).toBe(0);
    const jobs = await on.handle.db.select().from(generationJobs).where(eq(generationJobs.ownerId, userId));
    expect(jobs).toHaveLength(10);
  });

  it("runs a job to success, storing each anchor once", async () => {
    const { userId, job } = await submitted();
    const finished = await runGenerationJob(context(createOfflineProvider()), job.id);
    expect(finished?.status).toBe("succeeded");
    const stored = await on.handle.db.select().from(images).where(eq(images.jobId, job.id));
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
    expect(await getBalance(on.handle.db, userId)).toBe(100 - PRICE);
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
    const [interrupted] = await on.handle.db.select().from(generationJobs).where(eq(generationJobs.id, job.id));
    expect(interrupted?.status).toBe("running");

    const finished = await runGenerationJob(context(offline), job.id);
    expect(finished).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(await on.handle.db.select().from(images).where(eq(images.jobId, job.id))).toHaveLength(4);
    expect(await getBalance(on.handle.db, userId)).toBe(100 - PRICE);
    expect(await ledgerSum(on.handle, userId)).toBe(100 - PRICE);
  });

  it("two runs of one job at once (a worker taken for dead) leave one image per sample and no stray files", async () => {
    const { userId, job, style } = await submitted();
    const storage = createDiskStorage(on.filesDir);
    await Promise.all([
      runGenerationJob(context(createOfflineProvider(), { storage }), job.id),
      runGenerationJob(context(createOfflineProvider(), { storage }), job.id),
    ]);
    const stored = await on.handle.db.select().from(images).where(eq(images.jobId, job.id));
    expect(stored.map((i) => i.position).sort()).toEqual([0, 1, 2, 3]);
    for (const image of stored) expect(await storage.read(image.fileKey)).not.toBeNull();
    // Each kept image with its grid copies; nothing of the run that lost.
    await cardVariantsSettled();
    const files = readdirSync(path.join(on.filesDir, "users", userId, "styles", style.id));
    expect(files.sort()).toEqual(
      stored
        .flatMap((i) => [
          i.fileKey,
          ...cardVariantSizes(i.width, { onStage: i.objectId !== null }).map((size) => derivativeKey(i.fileKey, size)),
        ])
        .map((key) => path.basename(key))
        .sort(),
    );
    expect(await getBalance(on.handle.db, userId)).toBe(100 - PRICE);
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
    expect(await getBalance(on.handle.db, userId)).toBe(100);
    // A second refund of the same job is refused.
    expect(await refundCredits(on.handle.db, { workspaceId: userId, amount: job.credits, ref: job.id })).toBeNull();
    expect(await getBalance(on.handle.db, userId)).toBe(100);
    expect(await ledgerSum(on.handle, userId)).toBe(100);
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
    expect(await getBalance(on.handle.db, userId)).toBe(100);
  });

  it("never refunds a job that already succeeded", async () => {
    const { userId, job } = await submitted();
    await runGenerationJob(context(createOfflineProvider()), job.id);
    const [finished] = await on.handle.db.select().from(generationJobs).where(eq(generationJobs.id, job.id));
    expect(await failJob({ db: on.handle.db }, finished!, "late failure")).toBeNull();
    expect(await getBalance(on.handle.db, userId)).toBe(100 - PRICE);
  });

  it("ends jobs left unfinished far too long, with a refund", async () => {
    const { userId, job } = await submitted();
    await on.handle.db
      .update(generationJobs)
      .set({ status: "running", createdAt: new Date(Date.now() - 3 * 3_600_000) })
      .where(eq(generationJobs.id, job.id));
    expect(
      await sweepStaleJobs({ db: on.handle.db }, { perImageMs: 60_000, minimumMs: 3_600_000 }),
    ).toBeGreaterThanOrEqual(1);
    const [swept] = await on.handle.db.select().from(generationJobs).where(eq(generationJobs.id, job.id));
    expect(swept).toMatchObject({ status: "failed", refunded: true });
    expect(await getBalance(on.handle.db, userId)).toBe(100);
  });

  it("gives a job more time before sweeping it the more images it makes", async () => {
    const small = await submitted();
    const large = await submitted();
    const threeHoursAgo = new Date(Date.now() - 3 * 3_600_000);
    await on.handle.db
      .update(generationJobs)
      .set({ createdAt: threeHoursAgo })
      .where(inArray(generationJobs.id, [small.job.id, large.job.id]));
    await on.handle.db.update(generationJobs).set({ imageCount: 200 }).where(eq(generationJobs.id, large.job.id));
    // 4 images × 1 minute is long past; 200 × 1 minute is not.
    await sweepStaleJobs({ db: on.handle.db }, { perImageMs: 60_000, minimumMs: 60_000 });
    const rows = await on.handle.db
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
    await cancelStyleJobs({ db: on.handle.db }, { workspaceId: userId, styleId: style.id });
    const [cancelled] = await on.handle.db.select().from(generationJobs).where(eq(generationJobs.id, job.id));
    expect(cancelled).toMatchObject({ status: "canceled", refunded: true });
    expect(await getBalance(on.handle.db, userId)).toBe(100);
    expect(await ledgerSum(on.handle, userId)).toBe(100);
  });

  it("refunds once under concurrent refunds", async () => {
    const userId = await createUser(on.handle, 50);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => refundCredits(on.handle.db, { workspaceId: userId, amount: 10, ref: "job-x" })),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await getBalance(on.handle.db, userId)).toBe(60);
  });

  it("versions the balance, so a reading taken before a change is recognised as older", async () => {
    const { userId, job } = await submitted();
    const reserved = await getBalanceSnapshot(on.handle.db, userId);
    expect(reserved.credits).toBe(100 - PRICE);
    await failJob({ db: on.handle.db }, job, "provider down");
    const refunded = await getBalanceSnapshot(on.handle.db, userId);
    expect(refunded).toMatchObject({ credits: 100 });
    expect(refunded.version).toBeGreaterThan(reserved.version);
    // The refund told the user's pages the new balance with its version.
    const [event] = await queryRows<{ data: { credits: number; version: number } }>(
      on.handle.db,
      sql`select data from workspace_events where workspace_id = ${userId} and type = 'credits' order by id desc limit 1`,
    );
    expect(event!.data).toEqual(refunded);
  });
});
