import { and, eq, gt, inArray, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { eventStreamLeases } from "../db/schema";
import { newId } from "../ids.server";

export type LeaseRefusal = "user" | "address";

/**
 * Takes a place for one open stream in the count every process shares, or says whose
 * cap is full. The user's and the address's counts are taken under transaction-scoped
 * advisory locks (user first, then address, so two takers cannot deadlock), so a burst
 * of connections to several processes cannot pass a cap together.
 */
export async function takeStreamLease(
  db: Database,
  options: { userId: string; ip: string; perUser: number; perIp: number; ttlMs: number },
): Promise<{ id: string } | { refused: LeaseRefusal }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stream-user:${options.userId}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stream-ip:${options.ip}`}))`);
    // Leases of streams whose process died lapse here, where they would be counted.
    await tx
      .delete(eventStreamLeases)
      .where(
        and(
          or(eq(eventStreamLeases.userId, options.userId), eq(eventStreamLeases.ip, options.ip)),
          lte(eventStreamLeases.expiresAt, sql`now()`),
        ),
      );
    const [counts] = await tx
      .select({
        user: sql<number>`count(*) filter (where ${eventStreamLeases.userId} = ${options.userId})::int`,
        address: sql<number>`count(*) filter (where ${eventStreamLeases.ip} = ${options.ip})::int`,
      })
      .from(eventStreamLeases)
      .where(
        and(
          or(eq(eventStreamLeases.userId, options.userId), eq(eventStreamLeases.ip, options.ip)),
          gt(eventStreamLeases.expiresAt, sql`now()`),
        ),
      );
    if (Number(counts?.user ?? 0) >= options.perUser) return { refused: "user" as const };
    if (Number(counts?.address ?? 0) >= options.perIp) return { refused: "address" as const };
    const id = newId();
    await tx.insert(eventStreamLeases).values({
      id,
      userId: options.userId,
      ip: options.ip,
      expiresAt: new Date(Date.now() + options.ttlMs),
    });
    return { id };
  });
}

/** Keeps the leases of a process's open streams alive: one statement for all of them. */
export async function renewStreamLeases(db: Database, ids: readonly string[], ttlMs: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(eventStreamLeases)
    .set({ expiresAt: new Date(Date.now() + ttlMs) })
    .where(inArray(eventStreamLeases.id, [...ids]));
}

export async function releaseStreamLease(db: Database, id: string): Promise<void> {
  await db.delete(eventStreamLeases).where(eq(eventStreamLeases.id, id));
}
