// Actions whose result is defined by state, not by the request: a double click, a retrying
// client or two open tabs asking at once get the one job already under way, and pay once.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { generationJobs } from "#server/db/schema";
import { testDatabases } from "../support/databases";
import { balanceOf, createStyleThroughApi, json, ledgerSum } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { noQueue } from "../support/test-server";

describe.each(testDatabases)("asking at once for what state defines, on $name", (target) => {
  const api = setUpSignedInApi(target, "many-tabs@example.com", { queue: noQueue });

  const sampleJobs = (styleId: string) =>
    api.database.db
      .select({ id: generationJobs.id, status: generationJobs.status })
      .from(generationJobs)
      .where(and(eq(generationJobs.styleId, styleId), eq(generationJobs.kind, "style-samples")));

  /** A style whose sample job was cancelled: its four samples are missing. */
  async function styleMissingSamples() {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    await api.database.db.update(generationJobs).set({ status: "canceled" }).where(eq(generationJobs.styleId, styleId));
    // Its samples gone, as after a cancel before any was made.
    const { images } = await import("#server/db/schema");
    await api.database.db.delete(images).where(eq(images.styleId, styleId));
    return styleId;
  }

  it.each(["anchors", "samples"] as const)(
    "POST /api/styles/{id}/%s 20 times at once without keys: one job, 201 once and 200 with it to the rest, one charge",
    async (path) => {
      const styleId = await styleMissingSamples();
      const jobsBefore = (await sampleJobs(styleId)).length;
      const before = await balanceOf(api.database.db, api.user.userId);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          api.server.call(`/api/styles/${styleId}/${path}`, { method: "POST", cookie: api.user.cookie }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([...Array(19).fill(200), 201]);
      const jobs = await Promise.all(
        answers.map(async (a) => (await json<{ job: { id: string; credits: number } }>(a)).job),
      );
      expect(new Set(jobs.map((job) => job.id)).size).toBe(1);

      const made = await sampleJobs(styleId);
      expect(made).toHaveLength(jobsBefore + 1);
      expect(made.filter((job) => job.status === "queued").map((job) => job.id)).toEqual([jobs[0]!.id]);
      expect(await balanceOf(api.database.db, api.user.userId)).toBe(before - jobs[0]!.credits);
      expect(await ledgerSum(api.database.db, api.user.userId)).toBe(before - jobs[0]!.credits);
    },
  );
});
