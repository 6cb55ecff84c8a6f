// What the tests of one image provider through the whole engine share, whatever the provider: the
// API with that provider alone and no queue (each test runs its job as a worker would), a
// signed-in user with credits and a style, and the check that a set that does not get made is
// refunded exactly once.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { creditLedger, generationJobs, images } from "#server/db/schema";
import type { ImageProvider } from "#server/generation/providers/provider";
import type { TestDatabase } from "./databases";
import { balanceOf, grantCredits, insertStyle, ledgerSum, runJob, submitObjects } from "./factories";
import { noQueue, signInThroughApi, startApiServer, type ApiTestServer } from "./test-server";

export interface ProviderEngine {
  database: DatabaseHandle;
  server: ApiTestServer;
  /** The signed-in user, with 1,000 credits. */
  user: { cookie: string; userId: string };
  /** A style of the user's, for the sets submitted. */
  styleId: string;
}

/**
 * Registers the suite's `beforeAll`/`afterAll`: `target`'s database, the API with `provider` as
 * its only model, and `email` signed in with 1,000 credits and a style; all closed afterwards.
 * Register the fake's own hooks first: `provider` is called in `beforeAll`, once the fake is up.
 * The fields are filled in by `beforeAll`, so read them inside tests.
 */
export function setUpProviderEngine(
  target: TestDatabase,
  options: {
    email: string;
    provider: () => ImageProvider;
    /** Whether the sets are asked for on a transparent background (not by default). */
    transparent?: boolean;
    env?: Record<string, string>;
  },
) {
  const engine = {} as ProviderEngine;
  beforeAll(async () => {
    engine.database = await target.open();
    engine.server = await startApiServer(
      engine.database,
      { SIGNIN_LIMIT_PER_IP: "1000", ...options.env },
      { provider: options.provider(), queue: noQueue },
    );
    engine.user = await signInThroughApi(engine.server, options.email);
    await grantCredits(engine.database.db, engine.user.userId, 1000);
    engine.styleId = await insertStyle(engine.database.db, { ownerId: engine.user.userId });
  });
  afterAll(async () => {
    await engine.server?.close();
    await engine.database?.close();
  });

  const balance = () => balanceOf(engine.database.db, engine.user.userId);
  /** The user's ledger lines for one job: its reserve, and its refund if any. */
  const ledgerOf = (jobId: string) =>
    engine.database.db
      .select({ delta: creditLedger.delta, reason: creditLedger.reason })
      .from(creditLedger)
      .where(and(eq(creditLedger.workspaceId, engine.user.userId), eq(creditLedger.ref, jobId)));
  const imagesOf = (jobId: string) => engine.database.db.select().from(images).where(eq(images.jobId, jobId));
  const jobRow = async (jobId: string) =>
    (await engine.database.db.select().from(generationJobs).where(eq(generationJobs.id, jobId)))[0]!;
  /** The balance is the ledger's sum: no credit moved without its line. */
  const expectLedgerExact = async () =>
    expect(await ledgerSum(engine.database.db, engine.user.userId)).toBe(await balance());
  /** A set of one subject by default: one image, so its job's price is one image's. */
  const submit = (subjects = ["a lantern"]) =>
    submitObjects(engine.server, engine.user.cookie, {
      styleId: engine.styleId,
      subjects,
      transparent: options.transparent ?? false,
    });

  /**
   * A made job submitted when the balance was `before` was charged once: its only ledger line is
   * the reserve of `price`, kept, and the balance is down by that much and still the ledger's sum.
   */
  async function expectChargedOnce(jobId: string, before: number, price = 3) {
    expect(await ledgerOf(jobId)).toEqual([{ delta: -price, reason: "generation_reserve" }]);
    expect(await balance()).toBe(before - price);
    await expectLedgerExact();
  }

  /**
   * Submits a set of one that does not get made, runs it with `run`, then once more as a worker
   * retrying would: the job's ledger is one reserve of `price` (a draft square image at the
   * default prices) and one refund of it, the balance as before and equal to the ledger, and no
   * image. Returns the job's row, for the test's own checks of how it ended.
   */
  async function unmade(run: (jobId: string) => Promise<unknown>, price = 3) {
    const before = await balance();
    const { job } = await submit();
    await run(job.id);
    await runJob(engine.server, job.id);
    const row = await jobRow(job.id);
    expect(await ledgerOf(job.id)).toEqual([
      { delta: -price, reason: "generation_reserve" },
      { delta: price, reason: "generation_refund" },
    ]);
    expect(await balance()).toBe(before);
    await expectLedgerExact();
    expect(await imagesOf(job.id)).toEqual([]);
    return row;
  }

  return Object.assign(engine, {
    balance,
    ledgerOf,
    imagesOf,
    jobRow,
    expectLedgerExact,
    expectChargedOnce,
    submit,
    unmade,
  });
}
