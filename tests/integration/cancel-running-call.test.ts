// A user's cancel reaches the provider's call that is running: its signal aborts within
// a poll interval, the worker is free at once, and the images not made are refunded once.
import { eq } from "drizzle-orm";
import type { JobProgressEvent } from "#domain/events";
import { describe, expect, it } from "vitest";
import { generationJobs } from "#server/db/schema";
import { CANCEL_POLL_MS } from "#server/generation/cancel-watch.server";
import { createOfflineProvider } from "#server/generation/providers/offline.server";
import type { GenerateRequest, ImageProvider } from "#server/generation/providers/provider";
import { testDatabases } from "../support/databases";
import { balanceOf, createStyleThroughApi, json, ledgerSum, runJob, submitObjects } from "../support/factories";
import { readStream, type StreamEvent } from "../support/event-stream";
import { setUpSignedInApi } from "../support/signed-in-api";

/** A provider that reports steps and then works until its signal aborts. */
function endlessProvider() {
  const seen = { calls: 0, aborted: 0, steps: 0 };
  let started: () => void = () => {};
  const firstCall = new Promise<void>((resolve) => (started = resolve));
  const provider: ImageProvider = {
    ...createOfflineProvider(),
    capabilities: { ...createOfflineProvider().capabilities, cancel: true, progress: true },
    generate(request: GenerateRequest) {
      seen.calls++;
      request.onProgress?.({ step: 1, steps: 30 });
      seen.steps++;
      started();
      return new Promise((_, reject) => {
        request.signal?.addEventListener("abort", () => {
          seen.aborted++;
          reject(new Error("interrupted"));
        });
      });
    },
  };
  return { provider, seen, firstCall };
}

/** A provider that reports 4 steps for each image, then makes it. */
function steppingProvider(): ImageProvider {
  const offline = createOfflineProvider();
  return {
    ...offline,
    capabilities: { ...offline.capabilities, progress: true },
    async generate(request) {
      for (let step = 1; step <= 4; step++) request.onProgress?.({ step, steps: 4 });
      return offline.generate(request);
    },
  };
}

describe.each(testDatabases)("a running provider call on $name", (target) => {
  const api = setUpSignedInApi(target, "ann-cancel-call@example.com");

  it("sends the model's steps to the owner's open pages, ending on the last step of each image", async () => {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const stream = readStream(await api.server.call("/api/events", { cookie: api.user.cookie }));
    try {
      const { job } = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Lantern", "Bell"] });
      expect((await runJob(api.server, job.id, steppingProvider()))?.status).toBe("succeeded");
      const progress = (data: JobProgressEvent) => data.jobId === job.id;
      const isProgress = (event: StreamEvent) =>
        event.event === "job-progress" && progress(JSON.parse(event.data!) as JobProgressEvent);
      const seenNow = () => stream.events.filter(isProgress).map((e) => JSON.parse(e.data!) as JobProgressEvent);
      await stream.waitUntil(() => seenNow().filter((e) => e.imageId).length >= 2, 10_000);
      const seen = seenNow();
      // Throttled, but the last step of each image always goes out, before that image is counted.
      const steps = seen.filter((e) => e.step).map((e) => [e.completed, e.step!.step]);
      expect(steps).toContainEqual([0, 4]);
      expect(steps).toContainEqual([1, 4]);
      expect(seen.filter((e) => e.imageId).map((e) => e.completed)).toEqual([1, 2]);
    } finally {
      await stream.cancel();
    }
  });

  it("aborts the call, ends the job cancelled and refunds what was not made, once", async () => {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const before = await balanceOf(api.database.db, api.user.userId);
    const { job } = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Lantern", "Bell"] });
    const endless = endlessProvider();
    const running = runJob(api.server, job.id, endless.provider);
    await endless.firstCall;
    const cancelledAt = Date.now();
    const response = await api.server.call(`/api/jobs/${job.id}/cancel`, { method: "POST", cookie: api.user.cookie });
    expect(response.status).toBe(200);
    expect((await json<{ refunded: number }>(response)).refunded).toBe(6);

    expect(await running).toBeNull();
    // The call was stopped, not waited out: within a poll interval and some slack for a busy machine.
    expect(Date.now() - cancelledAt).toBeLessThan(CANCEL_POLL_MS + 3_000);
    expect(endless.seen).toMatchObject({ calls: 1, aborted: 1 });
    const [row] = await api.database.db.select().from(generationJobs).where(eq(generationJobs.id, job.id));
    expect(row).toMatchObject({ status: "canceled", refunded: true, refundedCredits: 6 });
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before);
    expect(await ledgerSum(api.database.db, api.user.userId)).toBe(before);
  });
});
