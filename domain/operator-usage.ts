import { z } from "zod";

/**
 * The operator console's usage figures (issue 23): what the instance's generation jobs made and
 * charged, per UTC day and per model, how often each provider failed or had to refund, how long
 * jobs took, and what is stored. Everything but storage covers the jobs submitted in the range.
 */

/** GET /api/admin/usage */
export const usageQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .min(1)
    .max(365)
    .default(30)
    .meta({ description: "How many UTC days to cover, ending today (today included)." }),
});
export type UsageQuery = z.output<typeof usageQuerySchema>;

const count = (description: string) => z.number().int().min(0).meta({ description });
const credits = (description: string) => z.number().int().meta({ description });
const rate = (description: string) => z.number().min(0).max(1).meta({ description });
const averageSeconds = z.number().min(0).nullable().meta({
  description: "Mean seconds from a succeeded job's (last) start to its end; null when none succeeded.",
});
const day = (description: string) => z.string().meta({ format: "date", description });

const images = count(
  "Images the jobs stored, including any deleted since; not the copies made from them (background removals, basic upscales).",
);
const creditsSpent = credits("Credits the jobs were charged, net of what was refunded to their owners.");
const jobs = count("Generation jobs submitted, whatever became of them (some may still be queued or running).");
const endedJobs = count("Of those, the jobs that have ended: succeeded, failed or cancelled.");
const failedJobs = count("Jobs that ended failed (not counting ones their owner cancelled).");
const refundedJobs = count(
  "Jobs that had credits refunded: failed, cancelled, or short of some images (free jobs never are).",
);

export const usageDaySchema = z
  .object({
    day: day("A UTC day, YYYY-MM-DD."),
    images,
    creditsSpent: credits(
      "Credits charged for the day's jobs net of their refunds, plus the day's background removals.",
    ),
    jobs,
    failedJobs,
  })
  .meta({ id: "UsageDay" });
export type UsageDay = z.output<typeof usageDaySchema>;

export const usageModelSchema = z
  .object({
    model: z.string().meta({ description: "The model the jobs ran with, as recorded on them." }),
    provider: z.string().meta({ description: "The provider id the model is offered through." }),
    images,
    creditsSpent,
    jobs,
    failedJobs,
    refundedJobs,
    averageSeconds,
  })
  .meta({ id: "UsageModel" });
export type UsageModel = z.output<typeof usageModelSchema>;

export const usageProviderSchema = z
  .object({
    provider: z.string(),
    jobs,
    endedJobs,
    failedJobs,
    refundedJobs,
    failureRate: rate("failedJobs ÷ endedJobs (0 with none ended)."),
    refundRate: rate("refundedJobs ÷ endedJobs (0 with none ended)."),
    averageSeconds,
  })
  .meta({ id: "UsageProvider" });
export type UsageProvider = z.output<typeof usageProviderSchema>;

export const usageTotalsSchema = z
  .object({
    images,
    creditsSpent: credits("Every day's creditsSpent added up: the models' credits plus background removals."),
    backgroundRemovalCredits: credits(
      "Credits charged in the range for background removals, which are not jobs of a model.",
    ),
    jobs,
    endedJobs,
    failedJobs,
    refundedJobs,
    averageSeconds,
    storageBytes: count(
      "Bytes of every stored image and style reference now (not only the range's), as recorded when stored; cached resized copies are not counted.",
    ),
    storedImages: count("Images stored now, of every kind."),
    storedReferences: count("Style reference images stored now."),
  })
  .meta({ id: "UsageTotals" });
export type UsageTotals = z.output<typeof usageTotalsSchema>;

export const operatorUsageReply = z
  .object({
    from: day("The first day covered (UTC)."),
    to: day("The last day covered (UTC): today."),
    days: z.array(usageDaySchema).meta({ description: "Every day from `from` to `to`, oldest first." }),
    models: z.array(usageModelSchema).meta({ description: "Most credits spent first." }),
    providers: z.array(usageProviderSchema).meta({ description: "Most jobs first." }),
    totals: usageTotalsSchema,
  })
  .meta({ id: "OperatorUsage", description: "The instance's usage over the last `days` UTC days." });
export type OperatorUsage = z.output<typeof operatorUsageReply>;

const DAY_MS = 86_400_000;

/** The UTC day of an instant, YYYY-MM-DD. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The `days` UTC days ending with `now`'s, oldest first, and the instants that bound them. */
export function usageRange(days: number, now: Date): { days: string[]; start: Date; end: Date } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(today - (days - 1) * DAY_MS);
  return {
    days: Array.from({ length: days }, (_, i) => utcDay(new Date(start.getTime() + i * DAY_MS))),
    start,
    end: new Date(today + DAY_MS),
  };
}

/** One entry per day in `days` (in its order), from the rows found or zeros for a day without any. */
export function fillDays(days: string[], found: Iterable<UsageDay>): UsageDay[] {
  const byDay = new Map(Array.from(found, (row) => [row.day, row]));
  return days.map((d) => byDay.get(d) ?? { day: d, images: 0, creditsSpent: 0, jobs: 0, failedJobs: 0 });
}

/** part ÷ whole to four places; 0 when there is no whole. */
export const usageRate = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0;
