import { cardVariantsSettled } from "#server/images/card-variants.server";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { JobView } from "#domain/objects";
import { generationJobs, images, objects } from "#server/db/schema";
import { sweepStaleJobs } from "#server/generation/lifecycle.server";
import { ProviderError } from "#server/generation/providers/provider";
import { objectFolder } from "#server/storage/folders.server";
import { styleFolder } from "#server/storage/folders.server";
import { createRecordingProvider } from "../fakes/recording-provider";
import { testDatabases } from "../support/databases";
import { balanceOf, createStyleThroughApi, json, ledgerSum, runJob, submitObjects } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi } from "../support/test-server";

type CancelBody = { job: JobView; refunded: number; message: string };

describe.each(testDatabases)("object jobs on $name", (target) => {
  const api = setUpSignedInApi(target, "ann@example.com");
  let styleId: string;
  beforeAll(async () => {
    ({ styleId } = await createStyleThroughApi(api.server, api.user.cookie));
  });

  const balance = () => balanceOf(api.database.db, api.user.userId);
  const jobRow = async (id: string) =>
    (await api.database.db.select().from(generationJobs).where(eq(generationJobs.id, id)))[0]!;
  const objectsOfSet = async (setId: string) =>
    (await api.database.db.select().from(objects).where(eq(objects.setId, setId))).map((o) => o.name).sort();
  const imagesOfJob = (jobId: string) => api.database.db.select().from(images).where(eq(images.jobId, jobId));
  const cancel = (jobId: string, cookie = api.user.cookie) =>
    api.server.call(`/api/jobs/${jobId}/cancel`, { method: "POST", cookie });
  const getJob = async (jobId: string) =>
    (await json<{ job: JobView }>(await api.server.call(`/api/jobs/${jobId}`, { cookie: api.user.cookie }))).job;

  it("fails a job with malformed params cleanly: refunded in full, nothing made", async () => {
    const before = await balance();
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Bell", "Drum"] });
    expect(await balance()).toBe(before - 6);
    await api.database.db
      .update(generationJobs)
      .set({ params: { v: 1, size: "huge" } })
      .where(eq(generationJobs.id, set.job.id));
    const provider = createRecordingProvider();
    const ended = await runJob(api.server, set.job.id, provider);
    expect(ended).toMatchObject({ status: "failed", refunded: true, refundedCredits: 6 });
    expect(ended?.error).toBe("The images could not be generated. Please try again.");
    expect(provider.calls).toHaveLength(0);
    expect(await imagesOfJob(set.job.id)).toEqual([]);
    expect(await objectsOfSet(set.job.id)).toEqual([]);
    expect(await balance()).toBe(before);
    expect(await ledgerSum(api.database.db, api.user.userId)).toBe(before);
    // The job still reads, as failed with no objects.
    expect(await getJob(set.job.id)).toMatchObject({ status: "failed", completed: 0, objects: [], refundedCredits: 6 });
  });

  it("names its objects and style as they are called now, after a rename", async () => {
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Lantern"] });
    expect((await getJob(set.job.id)).title).toBe("Object “Lantern” · Flat icons");
    const renamed = await api.server.call(`/api/objects/${set.objects[0]!.id}`, {
      method: "PATCH",
      cookie: api.user.cookie,
      json: { name: "Brass lantern" },
    });
    expect(renamed.status).toBe(200);
    const job = await getJob(set.job.id);
    expect(job.title).toBe("Object “Brass lantern” · Flat icons");
    expect(job.objects.map((o) => o.name)).toEqual(["Brass lantern"]);
    await cancel(set.job.id);
  });

  it("says a cancelled free job charged nothing, and one credit in the singular", async () => {
    const free = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Acorn"] });
    // As a free model's job is: nothing reserved.
    await api.database.db.update(generationJobs).set({ credits: 0 }).where(eq(generationJobs.id, free.job.id));
    expect((await json<CancelBody>(await cancel(free.job.id))).message).toBe("Cancelled. Nothing was charged.");

    const cheap = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Pebble"] });
    expect((await json<CancelBody>(await cancel(cheap.job.id))).message).toBe(
      "Cancelled. Your 3 credits were refunded.",
    );
  });

  it("cancels one job by its id while another job of the same style runs on", async () => {
    const before = await balance();
    const a = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Apple", "Pear", "Plum"] });
    const b = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Fig", "Kiwi", "Lime"] });
    let cancelled: { status: number; body: CancelBody } | undefined;
    let bRun: unknown = "not run";
    // B is cancelled while its second image is being made…
    const bProvider = createRecordingProvider({
      async before(_request, call) {
        if (call !== 2) return;
        const response = await cancel(b.job.id);
        cancelled = { status: response.status, body: await json<CancelBody>(response) };
      },
    });
    // …and B runs while A is making its second image.
    const aProvider = createRecordingProvider({
      async before(_request, call) {
        if (call === 2) bRun = await runJob(api.server, b.job.id, bProvider);
      },
    });
    const aRun = await runJob(api.server, a.job.id, aProvider);

    expect(aRun).toMatchObject({ status: "succeeded", refunded: false, refundedCredits: 0 });
    expect(aProvider.calls).toHaveLength(3);
    expect(await imagesOfJob(a.job.id)).toHaveLength(3);
    expect(await objectsOfSet(a.job.id)).toEqual(["Apple", "Pear", "Plum"]);

    expect(bRun).toBeNull();
    expect(bProvider.calls).toHaveLength(2);
    expect(cancelled?.status).toBe(200);
    // Two of B's three images were not made: 2 × 3 credits back.
    expect(cancelled?.body.refunded).toBe(6);
    expect(cancelled?.body.message).toBe("Cancelled after 1 of 3 images. 6 unused credits were refunded.");
    expect(cancelled?.body.job).toMatchObject({ id: b.job.id, status: "canceled", completed: 1, refundedCredits: 6 });
    expect((await imagesOfJob(b.job.id)).map((i) => i.subject)).toEqual(["Fig"]);
    expect(await objectsOfSet(b.job.id)).toEqual(["Fig"]);
    expect(await balance()).toBe(before - 9 - 3);
    expect(await ledgerSum(api.database.db, api.user.userId)).toBe(before - 9 - 3);

    // Neither can be cancelled again.
    for (const jobId of [b.job.id, a.job.id]) {
      const again = await cancel(jobId);
      expect(again.status).toBe(409);
      expect((await json<{ error: { code: string } }>(again)).error.code).toBe("conflict");
    }
    expect(await balance()).toBe(before - 12);

    // Someone else's job cannot be cancelled (it looks missing); its owner can, in full.
    const c = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Quince"] });
    const bob = await signInThroughApi(api.server, "bob@example.com");
    const foreign = await cancel(c.job.id, bob.cookie);
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toContain("Quince");
    expect((await jobRow(c.job.id)).status).toBe("queued");
    const own = await cancel(c.job.id);
    expect(await json<CancelBody>(own)).toMatchObject({
      refunded: 3,
      message: "Cancelled. Your 3 credits were refunded.",
      job: { status: "canceled" },
    });
    expect(await objectsOfSet(c.job.id)).toEqual([]);
    expect(await balance()).toBe(before - 12);
  });

  it("refunds an opaque image when transparency was asked for, and stores opaque images otherwise", async () => {
    // Ghost comes back without an alpha channel; Cloud with one that is opaque everywhere.
    const opaque = createRecordingProvider({
      async transform(image, request) {
        const flat = sharp(image.data).flatten({ background: "#ffffff" });
        if (request.prompt.startsWith("Ghost.")) return { ...image, data: await flat.png().toBuffer() };
        if (request.prompt.startsWith("Cloud.")) return { ...image, data: await flat.ensureAlpha(1).png().toBuffer() };
        return image;
      },
    });
    const before = await balance();
    const mixed = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Moon", "Ghost", "Star"] });
    const ended = await runJob(api.server, mixed.job.id, opaque);
    expect(ended).toMatchObject({ status: "succeeded", refunded: true, refundedCredits: 3 });
    expect(ended?.error).toBe(
      "1 of 3 images could not be made and 3 credits were refunded. The image service returned an image without a transparent background.",
    );
    const stored = await imagesOfJob(mixed.job.id);
    expect(stored.map((i) => i.subject).sort()).toEqual(["Moon", "Star"]);
    expect(stored.every((i) => i.hasAlpha)).toBe(true);
    expect(await objectsOfSet(mixed.job.id)).toEqual(["Moon", "Star"]);
    expect(await getJob(mixed.job.id)).toMatchObject({ status: "succeeded", completed: 2, refundedCredits: 3 });
    expect(await balance()).toBe(before - 6);

    // Nothing transparent came back: the job failed and says why.
    const allOpaque = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Cloud"] });
    const failed = await runJob(api.server, allOpaque.job.id, opaque);
    expect(failed).toMatchObject({ status: "failed", refundedCredits: 3 });
    expect(failed?.error).toBe("The image service returned an image without a transparent background.");
    expect(await objectsOfSet(allOpaque.job.id)).toEqual([]);

    // Not asked for transparency: the same provider's opaque images are kept.
    const plain = await submitObjects(api.server, api.user.cookie, {
      styleId,
      subjects: ["Ghost", "Cloud"],
      transparent: false,
    });
    expect(await runJob(api.server, plain.job.id, opaque)).toMatchObject({ status: "succeeded", refundedCredits: 0 });
    const kept = await imagesOfJob(plain.job.id);
    expect(kept.map((i) => [i.subject, i.hasAlpha, i.transparent]).sort()).toEqual([
      ["Cloud", true, false],
      ["Ghost", false, false],
    ]);
    expect(await balance()).toBe(before - 6 - 6);
    expect(await ledgerSum(api.database.db, api.user.userId)).toBe(before - 12);
  });

  it("deleting an object mid-job stores nothing more for it and refunds its images", async () => {
    const before = await balance();
    const set = await submitObjects(api.server, api.user.cookie, {
      styleId,
      subjects: ["Cup", "Bowl", "Jug"],
      variations: 2,
    });
    const bowl = set.objects.find((o) => o.name === "Bowl")!;
    let deleted = 0;
    const provider = createRecordingProvider({
      async before(request) {
        if (!request.prompt.startsWith("Bowl.") || deleted) return;
        deleted = (await api.server.call(`/api/objects/${bowl.id}`, { method: "DELETE", cookie: api.user.cookie }))
          .status;
      },
    });
    const ended = await runJob(api.server, set.job.id, provider);
    expect(deleted).toBe(200);
    expect(ended).toMatchObject({ status: "succeeded", refundedCredits: 6 });
    expect(ended?.error).toBe("2 of 6 images could not be made and 6 credits were refunded.");
    // Bowl's first image (in flight at the deletion) was thrown away; its second was never asked for.
    expect(provider.calls.map((c) => c.prompt.split(".")[0])).toEqual(["Cup", "Cup", "Bowl", "Jug", "Jug"]);
    expect((await imagesOfJob(set.job.id)).map((i) => i.subject).sort()).toEqual(["Cup", "Cup", "Jug", "Jug"]);
    expect(await api.database.db.select().from(images).where(eq(images.objectId, bowl.id))).toEqual([]);
    expect(api.files.filesUnder(objectFolder(api.user.userId, styleId, bowl.id))).toEqual([]);
    expect((await api.server.call(`/api/objects/${bowl.id}`, { cookie: api.user.cookie })).status).toBe(404);
    expect(await balance()).toBe(before - 18 + 6);
    expect(await ledgerSum(api.database.db, api.user.userId)).toBe(before - 12);
  });

  it("deleting an object mid-job refunds only its images not yet made", async () => {
    const set = await submitObjects(api.server, api.user.cookie, {
      styleId,
      subjects: ["Fork", "Spoon"],
      variations: 2,
    });
    const fork = set.objects.find((o) => o.name === "Fork")!;
    const before = await balance();
    // Fork's first image is made; Fork is deleted while its second is made.
    const provider = createRecordingProvider({
      async before(_request, call) {
        if (call === 2) await api.server.call(`/api/objects/${fork.id}`, { method: "DELETE", cookie: api.user.cookie });
      },
    });
    const ended = await runJob(api.server, set.job.id, provider);
    expect(provider.calls).toHaveLength(4);
    expect(ended).toMatchObject({ status: "succeeded", refundedCredits: 3 });
    expect(ended?.error).toBe("1 of 4 images could not be made and 3 credits were refunded.");
    expect(await balance()).toBe(before + 3);
  });

  it("fails a variations job whose object was deleted before it ran, refunding it in full", async () => {
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Vase"] });
    await runJob(api.server, set.job.id);
    const vase = set.objects[0]!;
    const before = await balance();
    const response = await api.server.call(`/api/objects/${vase.id}/variations`, {
      method: "POST",
      cookie: api.user.cookie,
      json: { count: 3 },
    });
    expect(response.status).toBe(202);
    const { job } = await json<{ job: JobView }>(response);
    expect(await balance()).toBe(before - 9);
    expect(
      (await api.server.call(`/api/objects/${vase.id}`, { method: "DELETE", cookie: api.user.cookie })).status,
    ).toBe(200);
    const provider = createRecordingProvider();
    expect(await runJob(api.server, job.id, provider)).toMatchObject({ status: "failed", refundedCredits: 9 });
    expect(provider.calls).toHaveLength(0);
    expect(await imagesOfJob(job.id)).toEqual([]);
    expect(await balance()).toBe(before);
    expect(await ledgerSum(api.database.db, api.user.userId)).toBe(before);
  });

  it("deleting the style refunds its queued and running object jobs and leaves no objects or files", async () => {
    const doomed = await createStyleThroughApi(api.server, api.user.cookie, { name: "Doomed" });
    const before = await balance();
    const queued = await submitObjects(api.server, api.user.cookie, {
      styleId: doomed.styleId,
      subjects: ["Rock", "Tree"],
    });
    const running = await submitObjects(api.server, api.user.cookie, {
      styleId: doomed.styleId,
      subjects: ["Hill", "Lake"],
    });
    expect(await balance()).toBe(before - 12);
    let deleted = 0;
    const provider = createRecordingProvider({
      async before(_request, call) {
        if (call === 2) {
          deleted = (
            await api.server.call(`/api/styles/${doomed.styleId}`, { method: "DELETE", cookie: api.user.cookie })
          ).status;
        }
      },
    });
    // The running job's first image is made; the style goes while the second is made.
    expect(await runJob(api.server, running.job.id, provider)).toBeNull();
    expect(deleted).toBe(200);
    expect(await jobRow(queued.job.id)).toMatchObject({ status: "canceled", refunded: true, refundedCredits: 6 });
    expect(await jobRow(running.job.id)).toMatchObject({ status: "canceled", refunded: true, refundedCredits: 3 });
    // The queued job does not run after all.
    expect(await runJob(api.server, queued.job.id, provider)).toBeNull();
    expect(provider.calls).toHaveLength(2);
    for (const job of [queued, running]) {
      expect(await objectsOfSet(job.job.id)).toEqual([]);
      expect(await imagesOfJob(job.job.id)).toEqual([]);
    }
    // The grids' copies of the image made are written beside the job; those that land after the folder went are removed then.
    await cardVariantsSettled();
    expect(api.files.filesUnder(styleFolder(api.user.userId, doomed.styleId))).toEqual([]);
    // The one image made was kept until the style was deleted: it is paid for.
    expect(await balance()).toBe(before - 3);
    expect(await ledgerSum(api.database.db, api.user.userId)).toBe(before - 3);
  });

  it("deletes the objects of a failed or swept set that have no images, and keeps the others", async () => {
    const before = await balance();
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Hat", "Scarf", "Glove"] });
    const provider = createRecordingProvider({
      before(_request, call) {
        if (call === 2) throw new ProviderError("HTTP 400: invalid request");
      },
    });
    const failed = await runJob(api.server, set.job.id, provider);
    expect(failed).toMatchObject({ status: "failed", refundedCredits: 6 });
    expect(await objectsOfSet(set.job.id)).toEqual(["Hat"]);
    const listed = await json<{ objects: { name: string; imageCount: number; generating: boolean }[] }>(
      await api.server.call(`/api/objects?styleId=${styleId}&limit=100`, { cookie: api.user.cookie }),
    );
    expect(listed.objects.filter((o) => ["Hat", "Scarf", "Glove"].includes(o.name))).toEqual([
      expect.objectContaining({ name: "Hat", imageCount: 1, generating: false }),
    ]);

    // A set whose job never finished is swept: refunded, and its empty objects go.
    const stale = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Boot", "Sock"] });
    await api.database.db
      .update(generationJobs)
      .set({ createdAt: new Date(Date.now() - 3 * 3_600_000) })
      .where(eq(generationJobs.id, stale.job.id));
    expect(await sweepStaleJobs({ db: api.database.db }, { perImageMs: 60_000, minimumMs: 3_600_000 })).toBe(1);
    expect(await jobRow(stale.job.id)).toMatchObject({ status: "failed", refunded: true, refundedCredits: 6 });
    expect(await objectsOfSet(stale.job.id)).toEqual([]);
    expect(await balance()).toBe(before - 3);
    expect(await ledgerSum(api.database.db, api.user.userId)).toBe(before - 3);
  });
});
