// What tests of a paid job on one object (an edit, an AI upscale) check through the API, whatever
// the model: an object and its files, the job's row, the balance against the ledger, a failed run
// refunded once and in full, and a cancel.
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { JobView, ObjectDetail } from "#domain/objects";
import { generationJobs, images } from "#server/db/schema";
import { balanceOf, json, ledgerSum } from "./factories";
import type { SignedInApi } from "./signed-in-api";

export function paidObjectJobs(api: SignedInApi) {
  const getObject = async (id: string) =>
    (await json<{ object: ObjectDetail }>(await api.server.call(`/api/objects/${id}`, { cookie: api.user.cookie })))
      .object;
  const fileOf = async (url: string) =>
    Buffer.from(await (await api.server.call(url, { cookie: api.user.cookie })).arrayBuffer());
  const jobRow = async (id: string) =>
    (await api.database.db.select().from(generationJobs).where(eq(generationJobs.id, id)))[0]!;
  const balance = () => balanceOf(api.database.db, api.user.userId);
  const expectLedgerExact = async () => expect(await ledgerSum(api.database.db, api.user.userId)).toBe(await balance());

  /**
   * Runs a job submitted when the balance was `before` that makes nothing: it is refunded once,
   * in full, with no image row and no file; its row (which `status` it ended, if given) is returned.
   */
  async function expectRefundedWhole(job: JobView, before: number, status?: "failed" | "canceled") {
    const row = await jobRow(job.id);
    expect(row).toMatchObject({
      ...(status ? { status } : {}),
      refunded: true,
      refundedCredits: job.credits,
      imagesMade: 0,
    });
    expect(await balance()).toBe(before);
    expect(await api.database.db.select().from(images).where(eq(images.jobId, job.id))).toEqual([]);
    expect(api.files.filesUnder("").filter((file) => file.includes(job.id))).toEqual([]);
    await expectLedgerExact();
    return row;
  }

  /** Cancels the job through the API once `started` holds, and waits for the run to end. */
  async function cancelWhen(jobId: string, running: Promise<unknown>, started: () => boolean) {
    await expect.poll(started, { timeout: 5_000 }).toBe(true);
    const cancel = await api.server.call(`/api/jobs/${jobId}/cancel`, { method: "POST", cookie: api.user.cookie });
    expect(cancel.status).toBe(200);
    await running;
  }

  return { getObject, fileOf, jobRow, balance, expectLedgerExact, expectRefundedWhole, cancelWhen };
}
