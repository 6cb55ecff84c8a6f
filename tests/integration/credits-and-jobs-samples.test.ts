// Cancelling and completing a style's samples, on both databases: a queued job cancelled with a
// full refund, a running one keeping and charging what was made; the missing samples made for
// their price, once however often asked, and refused for someone else's style or a short balance.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getBalance } from "#server/credits/credits.server";
import { generationJobs, images, workspaceBalances } from "#server/db/schema";
import { AppError } from "#domain/errors";
import { cancelJob } from "#server/generation/lifecycle.server";
import { runGenerationJob } from "#server/generation/run-job.server";
import { activeSampleJobIds, insertMissingSamplesJob } from "#server/styles/style-samples.server";
import { createOfflineProvider } from "#server/generation/providers/offline.server";
import {
  ProviderRetryableError,
  ProviderRefusalError,
  type ImageProvider,
} from "#server/generation/providers/provider";
import { createDiskStorage } from "#server/storage/storage.server";
import { testDatabases } from "../support/databases";
import { createUser, personalActor } from "../support/factories";
import { jobsOn, ledgerSum, PRICE } from "./credits-and-jobs-helpers";

describe.each(testDatabases)("credits and generation jobs on $name", (target) => {
  const on = jobsOn(target);
  const { submitted, context } = on;

  /** Cancels a style's running sample job by its id, as the style card's Cancel does. */
  async function cancelSamples(options: { userId: string; styleId: string }) {
    const [jobId] = await activeSampleJobIds(on.handle.db, { workspaceId: options.userId, styleId: options.styleId });
    if (!jobId) return null;
    try {
      const result = await cancelJob({ db: on.handle.db }, { workspaceId: options.userId, jobId });
      return { jobs: [result.job], refund: result.refund };
    } catch (error) {
      if (error instanceof AppError && error.code === "conflict") return null;
      throw error;
    }
  }

  describe("cancelling and completing a style's samples", () => {
    const IMAGE_PRICE = PRICE / 4;

    async function anchorsOf(styleId: string) {
      return on.handle.db
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
      expect(await getBalance(on.handle.db, userId)).toBe(100);
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
      const storage = createDiskStorage(on.filesDir);
      expect(await runGenerationJob(context(provider, { storage }), job.id)).toBeNull();
      expect(calls).toBe(2);
      const kept = await anchorsOf(style.id);
      expect(kept.map((image) => image.position)).toEqual([0]);
      expect(await storage.read(kept[0]!.fileKey.replace(/-0-r1\.png$/, "-1-r1.png"))).toBeNull();
      expect(await storage.read(kept[0]!.fileKey)).not.toBeNull();
      const [ended] = await on.handle.db.select().from(generationJobs).where(eq(generationJobs.id, job.id));
      expect(ended).toMatchObject({ status: "canceled", refunded: true });
      expect(ended?.error).toBe(`Cancelled after 1 of 4 images. ${PRICE - IMAGE_PRICE} unused credits were refunded.`);
      expect(await getBalance(on.handle.db, userId)).toBe(100 - IMAGE_PRICE);
      expect(await ledgerSum(on.handle, userId)).toBe(100 - IMAGE_PRICE);
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
      expect(await getBalance(on.handle.db, userId)).toBe(100);
    });

    it("does not cancel a job whose images are all made: it counts as finished, and is paid", async () => {
      const { userId, job, style } = await submitted();
      // The worker stored every image but had not yet marked the job done.
      await runGenerationJob(context(createOfflineProvider()), job.id);
      await on.handle.db.update(generationJobs).set({ status: "running" }).where(eq(generationJobs.id, job.id));
      expect(await cancelSamples({ userId, styleId: style.id })).toBeNull();
      const [row] = await on.handle.db.select().from(generationJobs).where(eq(generationJobs.id, job.id));
      expect(row).toMatchObject({ status: "succeeded", refunded: false });
      expect(await getBalance(on.handle.db, userId)).toBe(100 - PRICE);
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
      expect(await getBalance(on.handle.db, userId)).toBe(100 - 2 * IMAGE_PRICE);

      const again = await on.handle.db.transaction((tx) =>
        insertMissingSamplesJob(tx, {
          actor: personalActor(userId),
          styleId: style.id,
          provider: offline,
        }),
      );
      expect(again?.job.credits).toBe(2 * IMAGE_PRICE);
      expect(await getBalance(on.handle.db, userId)).toBe(100 - 4 * IMAGE_PRICE);
      // Asked again while that job is unfinished: the same job, nothing charged again.
      const repeated = await on.handle.db.transaction((tx) =>
        insertMissingSamplesJob(tx, {
          actor: personalActor(userId),
          styleId: style.id,
          provider: offline,
        }),
      );
      expect(repeated).toMatchObject({ existing: true, job: { id: again.job.id } });
      expect(await getBalance(on.handle.db, userId)).toBe(100 - 4 * IMAGE_PRICE);

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
        on.handle.db.transaction((tx) =>
          insertMissingSamplesJob(tx, { actor: personalActor(userId), styleId: style.id, provider: offline }),
        ),
      ).rejects.toThrow(new AppError("conflict", "This style already has all its sample images."));
      expect(await ledgerSum(on.handle, userId)).toBe(100 - 4 * IMAGE_PRICE);
    });

    it("charges once when the missing samples are asked for many times at once: every answer is the one job", async () => {
      const { userId, style } = await submitted();
      await cancelSamples({ userId, styleId: style.id });
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, () =>
          on.handle.db.transaction((tx) =>
            insertMissingSamplesJob(tx, {
              actor: personalActor(userId),
              styleId: style.id,
              provider: createOfflineProvider(),
            }),
          ),
        ),
      );
      const answers = results.map(
        (r) => (r as PromiseFulfilledResult<{ job: { id: string }; existing: boolean }>).value,
      );
      expect(results.every((r) => r.status === "fulfilled")).toBe(true);
      expect(answers.filter((a) => !a.existing)).toHaveLength(1);
      expect(new Set(answers.map((a) => a.job.id)).size).toBe(1);
      expect(await getBalance(on.handle.db, userId)).toBe(100 - PRICE);
    });

    it("refuses someone else's style and a short balance, charging nothing", async () => {
      const { userId, style } = await submitted(PRICE);
      await cancelSamples({ userId, styleId: style.id });
      const stranger = await createUser(on.handle, 100);
      await expect(
        on.handle.db.transaction((tx) =>
          insertMissingSamplesJob(tx, {
            actor: personalActor(stranger),
            styleId: style.id,
            provider: createOfflineProvider(),
          }),
        ),
      ).rejects.toThrow(new AppError("not_found", "No such style."));
      expect(await cancelSamples({ userId: stranger, styleId: style.id })).toBeNull();
      await on.handle.db.update(workspaceBalances).set({ credits: 2 }).where(eq(workspaceBalances.id, userId));
      await expect(
        on.handle.db.transaction((tx) =>
          insertMissingSamplesJob(tx, {
            actor: personalActor(userId),
            styleId: style.id,
            provider: createOfflineProvider(),
          }),
        ),
      ).rejects.toThrow("This needs 12 credits and your balance is 2.");
      expect(await getBalance(on.handle.db, userId)).toBe(2);
      expect(await getBalance(on.handle.db, stranger)).toBe(100);
    });
  });
});
