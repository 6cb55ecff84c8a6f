// The operator console's usage figures, on both databases: jobs run by the real engine (succeeded,
// failed, short of an image, still queued, free) on three models of two providers, a background
// removal charged through the ledger, each moved to a known UTC day and run time; then every day,
// model and provider figure, the totals and what is stored, exactly, with days outside the range left out.
import { eq } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorUsageReply, usageRange, type UsageDay } from "#domain/operator-usage";
import { pricesAtRate } from "#domain/pricing";
import { chargeCredits } from "#server/credits/ledger.server";
import type { DatabaseHandle } from "#server/db/client.server";
import { creditLedger, generationJobs, images } from "#server/db/schema";
import { cardVariantsSettled } from "#server/images/card-variants.server";
import { createOfflineProvider, PREVIEW_MODEL } from "#server/generation/providers/offline.server";
import {
  ProviderRefusalError,
  ProviderRetryableError,
  type ImageProvider,
} from "#server/generation/providers/provider";
import { providerRegistry } from "#server/generation/providers/registry.server";
import { runGenerationJob } from "#server/generation/run-job.server";
import type { GenerationJob } from "#server/generation/job-record.server";
import { newId } from "#server/ids.server";
import { readUsage } from "#server/operator/usage.server";
import { createDiskStorage, type FileStorage } from "#server/storage/storage.server";
import { insertStyleWithSamples } from "#server/styles/style-samples.server";
import { testDatabases } from "../support/databases";
import { createUser, personalActor } from "../support/factories";
import { PRICE, styleInput } from "./credits-and-jobs-helpers";

const DAYS = 30;
const REMOVAL_PRICE = 2;
const model = (id: string, name: string): ImageProvider => ({ ...createOfflineProvider(), id, model: name });
const alpha = model("alpha", "alpha-1");
const beta1 = model("beta", "beta-1");
const beta2 = model("beta", "beta-2");
const free = createOfflineProvider({ prices: pricesAtRate(0) });
const failing: ImageProvider = {
  ...alpha,
  async generate() {
    throw new ProviderRetryableError("HTTP 500");
  },
};
/** Refuses its first image only: the job makes the others and refunds that one. */
function refusingOnce(provider: ImageProvider): ImageProvider {
  let calls = 0;
  return {
    ...provider,
    async generate(request) {
      if (++calls === 1) throw new ProviderRefusalError("blocked");
      return provider.generate(request);
    },
  };
}

describe.each(testDatabases)("the operator's usage figures on $name", (target) => {
  let handle: DatabaseHandle;
  let filesDir: string;
  let storage: FileStorage;
  const now = new Date();
  const range = usageRange(DAYS, now);
  const today = range.days.at(-1)!;
  const yesterday = range.days.at(-2)!;
  const noonOf = (day: string) => new Date(`${day}T12:00:00.000Z`);
  const jobs: Record<string, GenerationJob> = {};
  let referenceBytes = 0;

  beforeAll(async () => {
    handle = await target.open();
    filesDir = mkdtempSync(path.join(tmpdir(), "motif-usage-"));
    storage = createDiskStorage(filesDir);
    const userId = await createUser(handle, 1000);
    const { db } = handle;

    const reference = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#f4a23c" } })
      .png()
      .toBuffer();
    referenceBytes = reference.length;
    const referenceKey = `users/${userId}/references/${newId()}.png`;
    await storage.put(referenceKey, reference, "image/png");
    const references = [{ id: newId(), fileKey: referenceKey, width: 16, height: 16, bytes: reference.length }];

    /** Submits a samples job (4 images) on `provider`, runs it on `runner` unless that is null, then dates it. */
    async function job(
      name: string,
      provider: ImageProvider,
      runner: ImageProvider | null,
      when: { at: Date; seconds?: number },
    ) {
      const style = name === "alpha-ok" ? { ...styleInput, source: "image" as const, references } : styleInput;
      const submitted = await db.transaction((tx) =>
        insertStyleWithSamples(tx, { actor: personalActor(userId), style, provider }),
      );
      if (runner) {
        const context = { db, storage, providers: providerRegistry([runner]), maxAttempts: 2, backoffMs: () => 1 };
        await runGenerationJob(context, submitted.job.id);
      }
      // The day it was submitted, and (for one that ran) a run of `seconds`, starting a second later.
      const startedAt = runner ? new Date(when.at.getTime() + 1000) : null;
      const finishedAt = startedAt ? new Date(startedAt.getTime() + (when.seconds ?? 0) * 1000) : null;
      const [row] = await db
        .update(generationJobs)
        .set({ createdAt: when.at, startedAt, finishedAt })
        .where(eq(generationJobs.id, submitted.job.id))
        .returning();
      jobs[name] = row!;
    }

    await job("alpha-ok", alpha, alpha, { at: noonOf(today), seconds: 10 });
    await job("alpha-failed", alpha, failing, { at: noonOf(today), seconds: 99 });
    await job("free-failed", free, { ...free, generate: failing.generate }, { at: noonOf(today), seconds: 5 });
    await job("beta-short", beta1, refusingOnce(beta1), { at: noonOf(yesterday), seconds: 30 });
    await job("beta-ok", beta1, beta1, { at: noonOf(yesterday), seconds: 20 });
    // The range's first instant is in it; the one before is not (its images are still stored).
    await job("beta-queued", beta2, null, { at: range.start });
    await job("alpha-too-old", alpha, alpha, { at: new Date(range.start.getTime() - 1), seconds: 7 });

    // Background removals, charged through the ledger with the image made as ref: one today, one too old.
    for (const at of [noonOf(today), new Date(range.start.getTime() - 1)]) {
      const ref = newId();
      await db.transaction((tx) =>
        chargeCredits(tx, { actor: personalActor(userId), amount: REMOVAL_PRICE, reason: "background_removal", ref }),
      );
      await db.update(creditLedger).set({ createdAt: at }).where(eq(creditLedger.ref, ref));
    }
    await cardVariantsSettled();
  });
  afterAll(async () => {
    await cardVariantsSettled();
    await handle?.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it("ran the jobs as the figures below assume", () => {
    const unit = PRICE / jobs["alpha-ok"]!.imageCount;
    const summary = Object.fromEntries(
      Object.entries(jobs).map(([name, j]) => [name, [j.status, j.imagesMade, j.credits, j.refundedCredits]]),
    );
    expect(summary).toEqual({
      "alpha-ok": ["succeeded", 4, PRICE, 0],
      "alpha-failed": ["failed", 0, PRICE, PRICE],
      "free-failed": ["failed", 0, 0, 0],
      "beta-short": ["succeeded", 3, PRICE, unit],
      "beta-ok": ["succeeded", 4, PRICE, 0],
      "beta-queued": ["queued", 0, PRICE, 0],
      "alpha-too-old": ["succeeded", 4, PRICE, 0],
    });
  });

  it("gives every day of the range, oldest first, with the jobs submitted that day and their net credits", async () => {
    const usage = operatorUsageReply.parse(await readUsage(handle.db, { days: DAYS }, now));
    const unit = PRICE / 4;
    expect(usage.from).toBe(range.days[0]);
    expect(usage.to).toBe(today);
    expect(usage.days.map((d) => d.day)).toEqual(range.days);
    const zero = (day: string): UsageDay => ({ day, images: 0, creditsSpent: 0, jobs: 0, failedJobs: 0 });
    const expected = new Map(range.days.map((day) => [day, zero(day)]));
    // Today: alpha-ok kept all its price, alpha-failed got it all back, the free job cost nothing; a removal.
    expected.set(today, { day: today, images: 4, creditsSpent: PRICE + REMOVAL_PRICE, jobs: 3, failedJobs: 2 });
    // Yesterday: one image short (refunded), and one whole.
    expected.set(yesterday, { day: yesterday, images: 3 + 4, creditsSpent: 2 * PRICE - unit, jobs: 2, failedJobs: 0 });
    // The first day: a job still queued holds its reservation.
    expected.set(range.days[0]!, { day: range.days[0]!, images: 0, creditsSpent: PRICE, jobs: 1, failedJobs: 0 });
    expect(usage.days).toEqual([...expected.values()]);
  });

  it("adds up each model and each provider, with failure and refund rates over the jobs that ended", async () => {
    const usage = await readUsage(handle.db, { days: DAYS }, now);
    const unit = PRICE / 4;
    expect(usage.models).toEqual([
      {
        model: "beta-1",
        provider: "beta",
        images: 7,
        creditsSpent: 2 * PRICE - unit,
        jobs: 2,
        failedJobs: 0,
        refundedJobs: 1,
        averageSeconds: (30 + 20) / 2,
      },
      {
        model: "alpha-1",
        provider: "alpha",
        images: 4,
        creditsSpent: PRICE,
        jobs: 2,
        failedJobs: 1,
        refundedJobs: 1,
        averageSeconds: 10,
      },
      {
        model: "beta-2",
        provider: "beta",
        images: 0,
        creditsSpent: PRICE,
        jobs: 1,
        failedJobs: 0,
        refundedJobs: 0,
        averageSeconds: null,
      },
      {
        model: PREVIEW_MODEL,
        provider: "offline",
        images: 0,
        creditsSpent: 0,
        jobs: 1,
        failedJobs: 1,
        refundedJobs: 0,
        averageSeconds: null,
      },
    ]);
    expect(usage.providers).toEqual([
      {
        provider: "beta",
        jobs: 3,
        endedJobs: 2,
        failedJobs: 0,
        refundedJobs: 1,
        failureRate: 0,
        refundRate: 0.5,
        averageSeconds: 25,
      },
      {
        provider: "alpha",
        jobs: 2,
        endedJobs: 2,
        failedJobs: 1,
        refundedJobs: 1,
        failureRate: 0.5,
        refundRate: 0.5,
        averageSeconds: 10,
      },
      {
        provider: "offline",
        jobs: 1,
        endedJobs: 1,
        failedJobs: 1,
        refundedJobs: 0,
        failureRate: 1,
        refundRate: 0,
        averageSeconds: null,
      },
    ]);
  });

  it("totals the range and weighs what is stored now, old jobs' images and the style reference included", async () => {
    const usage = await readUsage(handle.db, { days: DAYS }, now);
    const stored = await handle.db.select({ fileKey: images.fileKey }).from(images);
    const files = await Promise.all(stored.map((image) => storage.read(image.fileKey)));
    const imageBytes = files.reduce((n, file) => n + file!.length, 0);
    expect(usage.totals).toEqual({
      images: 4 + 7,
      creditsSpent: usage.days.reduce((n, d) => n + d.creditsSpent, 0),
      backgroundRemovalCredits: REMOVAL_PRICE,
      jobs: 6,
      endedJobs: 5,
      failedJobs: 2,
      refundedJobs: 2,
      averageSeconds: (10 + 30 + 20) / 3,
      storageBytes: imageBytes + referenceBytes,
      storedImages: 4 + 3 + 4 + 4,
      storedReferences: 1,
    });
    expect(usage.totals.creditsSpent).toBe(PRICE + REMOVAL_PRICE + (2 * PRICE - PRICE / 4) + PRICE);
    expect(stored).toHaveLength(usage.totals.storedImages);
  });

  it("covers only today with days=1, and nothing at all in a range before any job", async () => {
    const usage = await readUsage(handle.db, { days: 1 }, now);
    expect(usage.days).toEqual([
      { day: today, images: 4, creditsSpent: PRICE + REMOVAL_PRICE, jobs: 3, failedJobs: 2 },
    ]);
    expect(usage.providers.map((p) => [p.provider, p.jobs])).toEqual([
      ["alpha", 2],
      ["offline", 1],
    ]);

    const longAgo = await readUsage(handle.db, { days: 7 }, new Date(range.start.getTime() - 60 * 86_400_000));
    expect(longAgo.days).toHaveLength(7);
    expect(longAgo.days.every((d) => d.jobs === 0 && d.creditsSpent === 0)).toBe(true);
    expect(longAgo).toMatchObject({ models: [], providers: [], totals: { jobs: 0, averageSeconds: null } });
  });
});
