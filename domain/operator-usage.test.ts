import { describe, expect, it } from "vitest";
import { csvField, usageCsv } from "./operator-usage-csv";
import {
  fillDays,
  operatorUsageReply,
  usageQuerySchema,
  usageRange,
  usageRate,
  type OperatorUsage,
} from "./operator-usage";

describe("usageRange", () => {
  it("covers `days` UTC days ending today, whatever the hour, and bounds them at UTC midnights", () => {
    const range = usageRange(3, new Date("2025-03-01T23:59:59.999Z"));
    expect(range.days).toEqual(["2025-02-27", "2025-02-28", "2025-03-01"]);
    expect(range.start.toISOString()).toBe("2025-02-27T00:00:00.000Z");
    expect(range.end.toISOString()).toBe("2025-03-02T00:00:00.000Z");
    expect(usageRange(1, new Date("2024-12-31T00:00:00.000Z")).days).toEqual(["2024-12-31"]);
  });

  it("crosses a leap day and a year end", () => {
    expect(usageRange(3, new Date("2024-03-01T12:00:00Z")).days).toEqual(["2024-02-28", "2024-02-29", "2024-03-01"]);
    expect(usageRange(2, new Date("2025-01-01T08:00:00Z")).days).toEqual(["2024-12-31", "2025-01-01"]);
    expect(usageRange(365, new Date("2025-06-30T08:00:00Z")).days).toHaveLength(365);
  });
});

describe("fillDays", () => {
  it("gives every day in order, zeros where nothing happened, and ignores days outside the list", () => {
    const found = [
      { day: "2025-01-03", images: 4, creditsSpent: 12, jobs: 2, failedJobs: 1 },
      { day: "2025-01-01", images: 1, creditsSpent: 3, jobs: 1, failedJobs: 0 },
      { day: "2024-12-01", images: 9, creditsSpent: 9, jobs: 9, failedJobs: 9 },
    ];
    expect(fillDays(["2025-01-01", "2025-01-02", "2025-01-03"], found)).toEqual([
      found[1],
      { day: "2025-01-02", images: 0, creditsSpent: 0, jobs: 0, failedJobs: 0 },
      found[0],
    ]);
  });
});

describe("usageRate and the query", () => {
  it("rounds to four places and is 0 with nothing to divide by", () => {
    expect(usageRate(1, 3)).toBe(0.3333);
    expect(usageRate(2, 2)).toBe(1);
    expect(usageRate(0, 0)).toBe(0);
  });

  it("defaults to 30 days and keeps to 1…365", () => {
    expect(usageQuerySchema.parse({})).toEqual({ days: 30 });
    expect(usageQuerySchema.parse({ days: "7" })).toEqual({ days: 7 });
    for (const days of ["0", "366", "1.5", "many"]) expect(usageQuerySchema.safeParse({ days }).success).toBe(false);
  });
});

const usage: OperatorUsage = {
  from: "2025-01-01",
  to: "2025-01-02",
  days: [
    { day: "2025-01-01", images: 4, creditsSpent: 12, jobs: 2, failedJobs: 1 },
    { day: "2025-01-02", images: 3, creditsSpent: 11, jobs: 1, failedJobs: 0 },
  ],
  models: [
    {
      model: 'Model "X", large',
      provider: "openai",
      images: 7,
      creditsSpent: 21,
      jobs: 3,
      failedJobs: 1,
      refundedJobs: 2,
      averageSeconds: 12.5,
    },
    {
      model: "two\nlines",
      provider: "fal",
      images: 0,
      creditsSpent: 0,
      jobs: 0,
      failedJobs: 0,
      refundedJobs: 0,
      averageSeconds: null,
    },
  ],
  providers: [
    {
      provider: "openai",
      jobs: 3,
      endedJobs: 3,
      failedJobs: 1,
      refundedJobs: 2,
      failureRate: 0.3333,
      refundRate: 0.6667,
      averageSeconds: 12.5,
    },
  ],
  totals: {
    images: 7,
    creditsSpent: 23,
    backgroundRemovalCredits: 2,
    jobs: 3,
    endedJobs: 3,
    failedJobs: 1,
    refundedJobs: 2,
    averageSeconds: 12.5,
    storageBytes: 123_456,
    storedImages: 9,
    storedReferences: 1,
  },
};

describe("usageCsv", () => {
  it("quotes only the fields that need it, doubling quotes", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField(12.5)).toBe("12.5");
    expect(csvField(null)).toBe("");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("one\r\ntwo")).toBe('"one\r\ntwo"');
  });

  it("writes the days with a total, the models, the providers and the totals, each with a header, in CRLF lines", () => {
    expect(operatorUsageReply.parse(usage)).toEqual(usage);
    const csv = usageCsv(usage);
    expect(csv.endsWith("\r\n")).toBe(true);
    // Every line ends CRLF; the one bare LF is inside a quoted field.
    expect(csv.replace('"two\nlines"', "")).not.toMatch(/[^\r]\n/);
    const tables = csv.split("\r\n\r\n").map((table) => table.split("\r\n").filter(Boolean));
    expect(tables).toEqual([
      ["day,images,credits_spent,jobs,failed_jobs", "2025-01-01,4,12,2,1", "2025-01-02,3,11,1,0", "total,7,23,3,1"],
      [
        "model,provider,images,credits_spent,jobs,failed_jobs,refunded_jobs,average_seconds",
        '"Model ""X"", large",openai,7,21,3,1,2,12.5',
        '"two\nlines",fal,0,0,0,0,0,',
      ],
      [
        "provider,jobs,ended_jobs,failed_jobs,refunded_jobs,failure_rate,refund_rate,average_seconds",
        "openai,3,3,1,2,0.3333,0.6667,12.5",
      ],
      [
        "measure,value",
        "from,2025-01-01",
        "to,2025-01-02",
        "images,7",
        "credits_spent,23",
        "background_removal_credits,2",
        "jobs,3",
        "ended_jobs,3",
        "failed_jobs,1",
        "refunded_jobs,2",
        "average_seconds,12.5",
        "storage_bytes,123456",
        "stored_images,9",
        "stored_references,1",
      ],
    ]);
  });

  it("still writes every table's header when there is nothing to show", () => {
    const empty = { ...usage, days: [], models: [], providers: [] };
    const tables = usageCsv(empty).split("\r\n\r\n");
    expect(tables.map((t) => t.split("\r\n")[0])).toEqual([
      "day,images,credits_spent,jobs,failed_jobs",
      "model,provider,images,credits_spent,jobs,failed_jobs,refunded_jobs,average_seconds",
      "provider,jobs,ended_jobs,failed_jobs,refunded_jobs,failure_rate,refund_rate,average_seconds",
      "measure,value",
    ]);
    expect(tables[0]).toBe("day,images,credits_spent,jobs,failed_jobs\r\ntotal,0,0,0,0");
  });
});
