import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { AppError } from "#domain/errors";
import type { Database } from "../db/client.server";
import { getLogger } from "../logger.server";
import { idempotencyKeys } from "../db/schema";

/** How long a key's answer is kept. */
const KEPT_UNTIL = sql`now() + interval '24 hours'`;

export interface StoredAnswer {
  status: number;
  body: unknown;
}

export type KeyRef = { userId: string; key: string };

/**
 * The content a key is bound to, with the workspace the request acts in when it is not the
 * person's own: the same body sent in a team is another request (422), never the other's replay.
 * A person's own workspace adds nothing, so keys sent before teams existed keep their hashes.
 */
export function inWorkspace(options: { userId: string; workspaceId: string; content: unknown }): unknown {
  return options.workspaceId === options.userId
    ? options.content
    : { workspace: options.workspaceId, content: options.content };
}

export type Claim =
  /** The key is this request's: run it, then save or release. */
  | { kind: "claimed" }
  | { kind: "answered"; answer: StoredAnswer }
  /** The first request with this key has not answered yet. */
  | { kind: "running" }
  | { kind: "mismatch" };

/**
 * Takes a key for a request, or says what holds it. The insert is the lock: on
 * PostgreSQL a second insert of the same key waits for the first to commit, then
 * does nothing, so exactly one request claims a key.
 */
export async function claimKey(db: Database, ref: KeyRef & { requestHash: string }): Promise<Claim> {
  const same = and(eq(idempotencyKeys.userId, ref.userId), eq(idempotencyKeys.key, ref.key));
  // An expired key is free again, whatever it was used for.
  await db.delete(idempotencyKeys).where(and(same, lt(idempotencyKeys.expiresAt, sql`now()`)));
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ userId: ref.userId, key: ref.key, requestHash: ref.requestHash, expiresAt: KEPT_UNTIL })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length) return { kind: "claimed" };
  const [row] = await db.select().from(idempotencyKeys).where(same);
  // Released between the insert and the read: try again.
  if (!row) return claimKey(db, ref);
  if (row.requestHash !== ref.requestHash) return { kind: "mismatch" };
  if (row.status === null) return { kind: "running" };
  return { kind: "answered", answer: { status: row.status, body: row.body } };
}

/** Keeps a claimed key's answer for 24 hours from now. */
export async function saveAnswer(db: Database, ref: KeyRef, answer: StoredAnswer): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status: answer.status, body: answer.body, expiresAt: KEPT_UNTIL })
    .where(and(eq(idempotencyKeys.userId, ref.userId), eq(idempotencyKeys.key, ref.key)));
}

/** Frees a claimed key whose request made nothing (it failed), so it can be sent again. */
export async function releaseKey(db: Database, ref: KeyRef): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.userId, ref.userId), eq(idempotencyKeys.key, ref.key), isNull(idempotencyKeys.status)),
    );
}

/** Housekeeping: deletes every expired key; answers how many. */
export async function deleteExpiredIdempotencyKeys(db: Database): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, sql`now()`))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}

/** How long a repeat waits for the first request's answer before giving up with 409. */
const WAIT_MS = 20_000;

const MISMATCH = "This Idempotency-Key was already used for a different request. Use a new key for a new request.";
const STILL_RUNNING =
  "The first request with this Idempotency-Key has not finished yet. Try again in a moment, or use a new key.";

async function waitForClaim(db: Database, ref: KeyRef & { requestHash: string }) {
  const deadline = Date.now() + WAIT_MS;
  let pause = 20;
  for (;;) {
    const claim = await claimKey(db, ref);
    if (claim.kind === "mismatch") throw new AppError("idempotency_mismatch", MISMATCH);
    if (claim.kind !== "running") return claim;
    if (Date.now() + pause > deadline) throw new AppError("conflict", STILL_RUNNING, {}, { "Retry-After": "1" });
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 1.5, 250);
  }
}

/**
 * Runs a spending request at most once per key, whatever carries it (an HTTP header, an
 * MCP tool argument). The key belongs to the user and to one request (`requestHash`):
 * another request with it is refused with 422. A repeat gets the first answer for 24
 * hours; a repeat sent while the first still runs waits for it. A request that fails or
 * answers an error keeps nothing, so the same key can be sent again.
 */
export async function runOnce(
  db: Database,
  options: KeyRef & { requestHash: string; run: () => Promise<StoredAnswer> },
): Promise<{ answer: StoredAnswer; replayed: boolean }> {
  const ref = { userId: options.userId, key: options.key };
  const claim = await waitForClaim(db, { ...ref, requestHash: options.requestHash });
  if (claim.kind === "answered") return { answer: claim.answer, replayed: true };
  let answer: StoredAnswer;
  try {
    answer = await options.run();
  } catch (error) {
    await releaseKey(db, ref).catch((e: unknown) =>
      getLogger().error({ err: e }, "could not release an idempotency key"),
    );
    throw error;
  }
  if (answer.status >= 200 && answer.status < 300) await saveAnswer(db, ref, answer);
  else await releaseKey(db, ref);
  return { answer, replayed: false };
}
