import { and, gt, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { sessions } from "../db/schema";

const CHUNK = 1000;

/**
 * Of the given session id hashes, those still valid, with when each expires (ms).
 * One query per thousand sessions, whatever the number of users: the periodic
 * re-check of every open stream costs a few queries per process.
 */
export async function liveSessions(db: Database, idHashes: readonly string[]): Promise<Map<string, number>> {
  const live = new Map<string, number>();
  const unique = [...new Set(idHashes)];
  for (let start = 0; start < unique.length; start += CHUNK) {
    const rows = await db
      .select({ idHash: sessions.idHash, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(and(inArray(sessions.idHash, unique.slice(start, start + CHUNK)), gt(sessions.expiresAt, sql`now()`)));
    for (const row of rows) live.set(row.idHash, row.expiresAt.getTime());
  }
  return live;
}
