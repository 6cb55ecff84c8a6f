// The billing rule on every way a job ends: the user pays for every image they kept
// (even for a while) and only for those. Deleting the style or an object, failing,
// refusing, cancelling and sweeping refund exactly the images never delivered, and the
// credit history says how many that was.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { generationJobs, images } from "#server/db/schema";
import { sweepStaleJobs } from "#server/generation/lifecycle.server";
import { providerRegistry } from "#server/generation/providers/registry.server";
import { runGenerationJob } from "#server/generation/run-job.server";
import { ProviderError, ProviderRefusalError, ProviderRetryableError } from "#server/generation/providers/provider";
import { describeCreditEntry, type CreditHistoryEntry } from "#domain/credit-history";
import { createRecordingProvider, type RecordingOptions } from "../fakes/recording-provider";
import { testDatabases } from "../support/databases";
import { balanceOf, json, ledgerSum, runJob, submitObjects } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi } from "../support/test-server";

/** Four draft square samples: 3 credits each. */
const SAMPLES_PRICE = 12;

describe.each(testDatabases)("the billing rule on every ending, on $name", (target) => {
  const api = setUpSignedInApi(target, "payer@example.com");

  const balance = () => balanceOf(api.database.db, api.user.userId);
  const jobRow = async (id: string) =>
    (await api.database.db.select().from(generationJobs).where(eq(generationJobs.id, id)))[0]!;
  const imagesOfJob = (jobId: string) => api.database.db.select().from(images).where(eq(images.jobId, jobId));

  /** POST /api/styles: a style and its queued, charged sample job (not run). */
  async function newStyle(name: string, cookie = api.user.cookie) {
    const form = new FormData();
    form.set("name", name);
    form.set("description", "Flat vector icons, warm amber and teal");
    form.set("defaultDetail", "draft");
    form.set("defaultSize", "square");
    form.set("defaultTransparent", "true");
    const response = await api.server.call("/api/styles", { method: "POST", body: form, cookie });
    expect(response.status).toBe(201);
    const body = await json<{ style: { id: string }; job: { id: string; credits: number } }>(response);
    expect(body.job.credits).toBe(SAMPLES_PRICE);
    return { styleId: body.style.id, jobId: body.job.id };
  }

  /**
   * Runs a job with a provider that does `act` before its `call`-th image. `acted` is what
   * `act` answered: the runner may stop (the job cancelled or gone) before that answer comes.
   */
  function runActingAt<T>(jobId: string, call: number, act: () => Promise<T>, options: RecordingOptions = {}) {
    let answer!: (value: Promise<T>) => void;
    const acted = new Promise<T>((resolve) => (answer = resolve));
    const provider = createRecordingProvider({
      ...options,
      async before(request, n) {
        if (n === call) {
          const acting = act();
          answer(acting);
          await acting;
        }
        await options.before?.(request, n);
      },
    });
    return { provider, ran: runJob(api.server, jobId, provider), acted };
  }

  async function refundLines(cookie = api.user.cookie) {
    const response = await api.server.call("/api/users/me/credits", { cookie });
    expect(response.status).toBe(200);
    const { entries } = await json<{ entries: CreditHistoryEntry[] }>(response);
    return entries.filter((e) => e.reason === "generation_refund");
  }

  it("deleting a style while its samples are made charges for the two made, as cancelling does, every time", async () => {
    for (const round of [1, 2]) {
      const before = await balance();
      const { styleId, jobId } = await newStyle(`Collected ${round}`);
      expect(await balance()).toBe(before - SAMPLES_PRICE);
      // Two samples are made (and could be downloaded); the style goes while the third is made.
      const { provider, ran, acted } = runActingAt(jobId, 3, async () => {
        return (await api.server.call(`/api/styles/${styleId}`, { method: "DELETE", cookie: api.user.cookie })).status;
      });
      expect(await ran).toBeNull();
      expect(await acted).toBe(200);
      expect(provider.calls).toHaveLength(3);
      expect(await jobRow(jobId)).toMatchObject({
        status: "canceled",
        imagesMade: 2,
        refunded: true,
        refundedCredits: 6,
        error: "Cancelled: the style was deleted. 2 of 4 images were made; 6 credits for the rest were refunded.",
      });
      expect(await imagesOfJob(jobId)).toEqual([]);
      expect(api.files.filesUnder(`users/${api.user.userId}/styles/${styleId}`)).toEqual([]);
      // Not 12 back: the two samples made are paid for.
      expect(await balance()).toBe(before - 6);
      expect(await ledgerSum(api.database.db, api.user.userId)).toBe(await balance());
      const [line] = await refundLines();
      expect(line).toMatchObject({ delta: 6, refund: { images: 2, of: 4 } });
      expect(describeCreditEntry(line!)).toBe(
        `Refund: Sample images for “Collected ${round}” (2 of 4 images not made)`,
      );
    }
  });

  it("cancelling the same way gives the same 6 credits back", async () => {
    const before = await balance();
    const { styleId, jobId } = await newStyle("Cancelled");
    const { ran, acted } = runActingAt(jobId, 3, async () => {
      const response = await api.server.call(`/api/styles/${styleId}/cancel`, {
        method: "POST",
        cookie: api.user.cookie,
      });
      return { status: response.status, body: await json(response) };
    });
    expect(await ran).toBeNull();
    expect(await acted).toEqual({
      status: 200,
      body: { refunded: 6, message: "Cancelled after 2 of 4 images. 6 unused credits were refunded." },
    });
    expect((await imagesOfJob(jobId)).map((i) => i.position).sort()).toEqual([0, 1]);
    expect(await balance()).toBe(before - 6);
  });

  it("a job that fails on its last image keeps and charges the three made, refunding one", async () => {
    for (const failure of [new ProviderError("HTTP 400"), new ProviderRetryableError("HTTP 503")]) {
      const before = await balance();
      const { jobId } = await newStyle(`Fails last (${failure.name})`);
      const provider = createRecordingProvider({
        before(request) {
          if (request.prompt.includes("cat")) throw failure;
        },
      });
      const ended = await runJob(api.server, jobId, provider);
      expect(ended).toMatchObject({ status: "failed", imagesMade: 3, refunded: true, refundedCredits: 3 });
      expect(await imagesOfJob(jobId)).toHaveLength(3);
      expect(await balance()).toBe(before - 9);
      const [line] = await refundLines();
      expect(line).toMatchObject({ delta: 3, refund: { images: 1, of: 4 } });
      expect(describeCreditEntry(line!)).toMatch(/\(1 of 4 images not made\)$/);
    }
    expect(await ledgerSum(api.database.db, api.user.userId)).toBe(await balance());
  });

  it("a refusal refunds only the refused image; a request refused outright refunds everything", async () => {
    const before = await balance();
    const { jobId } = await newStyle("Refused once");
    const refusingTree = createRecordingProvider({
      before(request) {
        if (request.prompt.includes("tree")) throw new ProviderRefusalError("blocked");
      },
    });
    expect(await runJob(api.server, jobId, refusingTree)).toMatchObject({
      status: "succeeded",
      imagesMade: 3,
      refundedCredits: 3,
    });
    expect(await balance()).toBe(before - 9);

    const { jobId: refusedJob } = await newStyle("Refused outright");
    const refusingAll = createRecordingProvider({
      before() {
        throw new ProviderRefusalError("blocked");
      },
    });
    expect(await runJob(api.server, refusedJob, refusingAll)).toMatchObject({
      status: "failed",
      imagesMade: 0,
      refundedCredits: SAMPLES_PRICE,
    });
    expect(await balance()).toBe(before - 9);
    const [line] = await refundLines();
    expect(describeCreditEntry(line!)).toBe("Refund: Sample images for “Refused outright” (4 of 4 images not made)");
  });

  it("a stale job swept after its worker died refunds only what it did not make", async () => {
    /** Runs a job until its worker dies before the `call`-th image; the job stays running. */
    async function dieAt(jobId: string, call: number) {
      const dying = new AbortController();
      const provider = createRecordingProvider({
        before(_request, n) {
          if (n !== call) return;
          dying.abort(new Error("worker killed"));
          throw new Error("worker killed");
        },
      });
      const context = {
        db: api.database.db,
        storage: api.server.services.storage,
        providers: providerRegistry([provider]),
        maxAttempts: 1,
        signal: dying.signal,
      };
      await expect(runGenerationJob(context, jobId)).rejects.toThrow("worker killed");
      await api.database.db
        .update(generationJobs)
        .set({ createdAt: new Date(Date.now() - 3 * 3_600_000) })
        .where(eq(generationJobs.id, jobId));
    }
    const before = await balance();
    const { jobId } = await newStyle("Swept");
    await dieAt(jobId, 3);
    expect(await jobRow(jobId)).toMatchObject({ status: "running", imagesMade: 2 });
    expect(await sweepStaleJobs({ db: api.database.db }, { perImageMs: 60_000, minimumMs: 3_600_000 })).toBe(1);
    expect(await jobRow(jobId)).toMatchObject({
      status: "failed",
      refundedCredits: 6,
      error: "The images could not be generated in time. Please try again.",
    });
    expect(await balance()).toBe(before - 6);

    // Every image was stored before the worker died: the job counts as finished, and is paid.
    const { jobId: complete } = await newStyle("Swept when done");
    await runJob(api.server, complete);
    await api.database.db
      .update(generationJobs)
      .set({ status: "running", finishedAt: null, createdAt: new Date(Date.now() - 3 * 3_600_000) })
      .where(eq(generationJobs.id, complete));
    expect(await jobRow(complete)).toMatchObject({ status: "running", imagesMade: 4 });
    expect(await sweepStaleJobs({ db: api.database.db }, { perImageMs: 60_000, minimumMs: 3_600_000 })).toBe(1);
    expect(await jobRow(complete)).toMatchObject({ status: "succeeded", refunded: false, error: null });
    expect(await balance()).toBe(before - 6 - SAMPLES_PRICE);
    expect(await ledgerSum(api.database.db, api.user.userId)).toBe(await balance());
  });

  it("deleting an object whose variations are being made charges for those made before", async () => {
    const { styleId } = await newStyle("Objects");
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Lamp"] });
    expect(await runJob(api.server, set.job.id)).toMatchObject({ status: "succeeded" });
    const lamp = set.objects[0]!;
    const before = await balance();
    const response = await api.server.call(`/api/objects/${lamp.id}/variations`, {
      method: "POST",
      cookie: api.user.cookie,
      json: { count: 4 },
    });
    expect(response.status).toBe(202);
    const { job } = await json<{ job: { id: string } }>(response);
    expect(await balance()).toBe(before - 12);
    const { ran, acted } = runActingAt(job.id, 3, async () => {
      return (await api.server.call(`/api/objects/${lamp.id}`, { method: "DELETE", cookie: api.user.cookie })).status;
    });
    expect(await ran).toMatchObject({ status: "succeeded", imagesMade: 2, refundedCredits: 6 });
    expect(await acted).toBe(200);
    expect(await imagesOfJob(job.id)).toEqual([]);
    expect(await balance()).toBe(before - 6);
    const [line] = await refundLines();
    expect(line).toMatchObject({ delta: 6, refund: { images: 2, of: 4 } });
  });

  it("deleting the account mid-job refunds nothing and leaves no rows or files", async () => {
    const bea = await signInThroughApi(api.server, "leaver@example.com");
    const { styleId, jobId } = await newStyle("Leaving", bea.cookie);
    const { ran, acted } = runActingAt(jobId, 3, async () => {
      return (await api.server.call("/api/users/user", { method: "DELETE", cookie: bea.cookie })).status;
    });
    expect(await ran).toBeNull();
    expect(await acted).toBe(200);
    expect(await api.database.db.select().from(generationJobs).where(eq(generationJobs.id, jobId))).toEqual([]);
    expect(await imagesOfJob(jobId)).toEqual([]);
    expect(api.files.filesUnder(`users/${bea.userId}/styles/${styleId}`)).toEqual([]);
  });
});
