import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { idempotencyKeys } from "../db/schema";

/** How long a key's answer is kept. */
const KEPT_UNTIL = sql`now() + interval '24 hours'`;

export interface StoredAnswer {
  status: number;
  body: unknown;
}

export type KeyRef = { userId: string; key: string };

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
