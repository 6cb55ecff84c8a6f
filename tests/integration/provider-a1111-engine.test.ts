// The Stable Diffusion WebUI provider through the whole engine, with credits: a made image is
// charged once; a 5xx on every attempt, a timeout, a cancel (reaching the WebUI as an interrupt)
// and an answer no WebUI gives are each refunded once. The WebUI has no moderation, so there is
// no refusal to test.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { creditLedger, generationJobs, images } from "#server/db/schema";
import { createA1111Provider } from "#server/generation/providers/a1111.server";
import type { GenerateRequest } from "#server/generation/providers/provider";
import { startFakeA1111, type FakeA1111 } from "../fakes/a1111-api";
import { testDatabases } from "../support/databases";
import { balanceOf, grantCredits, insertStyle, ledgerSum, runJob, submitObjects } from "../support/factories";
import { noQueue, signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

const request: GenerateRequest = {
  prompt: "a lantern",
  size: "square",
  detail: "draft",
  transparent: false,
  references: [],
  seed: 1,
  n: 1,
  palette: [],
};

describe.each(testDatabases)("the engine with a1111 on $name", (target) => {
  let fake: FakeA1111;
  let database: DatabaseHandle;
  let server: ApiTestServer;
  let user: { cookie: string; userId: string };
  let styleId: string;
  const provider = (timeoutMs = 5_000) => createA1111Provider({ baseUrl: fake.url, timeoutMs, progressIntervalMs: 5 });

  beforeAll(async () => {
    fake = await startFakeA1111();
    database = await target.open();
    server = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "1000" }, { provider: provider(), queue: noQueue });
    user = await signInThroughApi(server, "a1111@example.com");
    await grantCredits(database.db, user.userId, 1000);
    styleId = await insertStyle(database.db, { ownerId: user.userId });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  const balance = () => balanceOf(database.db, user.userId);
  const ledgerOf = (jobId: string) =>
    database.db
      .select({ delta: creditLedger.delta, reason: creditLedger.reason })
      .from(creditLedger)
      .where(and(eq(creditLedger.workspaceId, user.userId), eq(creditLedger.ref, jobId)));

  it("charges a made image once", async () => {
    const before = await balance();
    const { job } = await submitObjects(server, user.cookie, { styleId, subjects: ["a lantern"], transparent: false });
    expect(await balance()).toBe(before - 3);
    expect(await runJob(server, job.id)).toMatchObject({ status: "succeeded", imagesMade: 1 });

    expect(fake.runs.map((r) => [r.path, r.outcome])).toEqual([["/sdapi/v1/txt2img", "finished"]]);
    const [stored] = await database.db.select().from(images).where(eq(images.jobId, job.id));
    expect(stored).toMatchObject({ provider: "a1111", width: 1024, height: 1024 });
    expect(await ledgerOf(job.id)).toEqual([{ delta: -3, reason: "generation_reserve" }]);
    expect(await balance()).toBe(before - 3);
    expect(await ledgerSum(database.db, user.userId)).toBe(await balance());
  });

  /** A set of one that does not get made: its row, after the ledger shows one reserve and one refund. */
  async function unmade(run: (jobId: string) => Promise<unknown>) {
    const before = await balance();
    const { job } = await submitObjects(server, user.cookie, { styleId, subjects: ["a lantern"], transparent: false });
    await run(job.id);
    await runJob(server, job.id);
    const [row] = await database.db.select().from(generationJobs).where(eq(generationJobs.id, job.id));
    expect(await ledgerOf(job.id)).toEqual([
      { delta: -3, reason: "generation_reserve" },
      { delta: 3, reason: "generation_refund" },
    ]);
    expect(await balance()).toBe(before);
    expect(await ledgerSum(database.db, user.userId)).toBe(await balance());
    expect(await database.db.select().from(images).where(eq(images.jobId, job.id))).toEqual([]);
    return row!;
  }

  it("refunds an image the WebUI failed with a 500 on every attempt, once", async () => {
    fake.control.failAlways = "server_error";
    const row = await unmade((id) => runJob(server, id));
    expect(row.status).toBe("failed");
    expect(fake.runs).toHaveLength(2);
  });

  it("refunds an image that timed out, once, each attempt interrupted on the WebUI", async () => {
    fake.control.stall = true;
    const row = await unmade(async (id) => {
      await runJob(server, id, provider(300));
      fake.control.stall = false;
    });
    expect(row.status).toBe("failed");
    expect(fake.runs).toHaveLength(2);
    await expect.poll(() => fake.interrupts.length).toBe(2);
  });

  it("refunds an image cancelled mid-run, once, the WebUI interrupted and its half-made image not kept", async () => {
    fake.control.hold = true;
    const row = await unmade(async (id) => {
      const running = runJob(server, id);
      await expect.poll(() => fake.progress().sampling_step, { timeout: 5_000 }).toBeGreaterThan(0);
      const cancel = await server.call(`/api/jobs/${id}/cancel`, { method: "POST", cookie: user.cookie });
      expect(cancel.status).toBe(200);
      await running;
    });
    expect(row.status).toBe("canceled");
    await expect.poll(() => fake.interrupts.length).toBe(1);
    await expect.poll(() => fake.runs[0]!.outcome).toBe("interrupted");
  });

  it.each([
    ["html", /instead of JSON/],
    ["bad-image", /does not decode/],
    ["not-found", /no API at this address/],
  ] as const)("refunds an image the WebUI answered wrongly (%s), once, not retrying it", async (kind, message) => {
    fake.control.unexpected = kind;
    // The provider's own sentence (for the operator's log) is what the direct tests check; users see the plain one.
    await expect(provider().generate(request)).rejects.toThrow(message);
    fake.reset();
    fake.control.unexpected = kind;
    const row = await unmade((id) => runJob(server, id));
    expect(row.status).toBe("failed");
    expect(row.error).toBe("The images could not be generated. Please try again.");
    expect(fake.runs).toHaveLength(1);
  });
});
