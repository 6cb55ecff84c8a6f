import { and, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { apiKeys, sessions, teamMembers } from "../db/schema";

const CHUNK = 1000;
/** A stream opened with an API key is keyed by this prefix and the key's secret hash. */
export const KEY_STREAM_PREFIX = "key:";

/**
 * Of the given session id hashes (or `key:<secret hash>` for streams opened with an API
 * key), those still valid, with when each expires (ms; a key without expiry never does).
 * One query per thousand, whatever the number of users: the periodic re-check of every
 * open stream costs a few queries per process.
 */
export async function liveSessions(db: Database, idHashes: readonly string[]): Promise<Map<string, number>> {
  const live = new Map<string, number>();
  const unique = [...new Set(idHashes)];
  const keyHashes = unique.filter((h) => h.startsWith(KEY_STREAM_PREFIX)).map((h) => h.slice(KEY_STREAM_PREFIX.length));
  const sessionHashes = unique.filter((h) => !h.startsWith(KEY_STREAM_PREFIX));
  for (let start = 0; start < sessionHashes.length; start += CHUNK) {
    const rows = await db
      .select({ idHash: sessions.idHash, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(
        and(inArray(sessions.idHash, sessionHashes.slice(start, start + CHUNK)), gt(sessions.expiresAt, sql`now()`)),
      );
    for (const row of rows) live.set(row.idHash, row.expiresAt.getTime());
  }
  for (let start = 0; start < keyHashes.length; start += CHUNK) {
    const rows = await db
      .select({ secretHash: apiKeys.secretHash, expiresAt: apiKeys.expiresAt })
      .from(apiKeys)
      .where(
        and(
          inArray(apiKeys.secretHash, keyHashes.slice(start, start + CHUNK)),
          isNull(apiKeys.revokedAt),
          or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)),
        ),
      );
    for (const row of rows) {
      live.set(`${KEY_STREAM_PREFIX}${row.secretHash}`, row.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY);
    }
  }
  return live;
}

/**
 * Of the given (team, member) pairs, those where the person is still in the team, as
 * `team:member`: a stream in a team's workspace ends when its member leaves or is removed.
 */
export async function currentMemberships(
  db: Database,
  pairs: readonly { teamId: string; userId: string }[],
): Promise<Set<string>> {
  const found = new Set<string>();
  const teamIds = [...new Set(pairs.map((pair) => pair.teamId))];
  for (let start = 0; start < teamIds.length; start += CHUNK) {
    const rows = await db
      .select({ teamId: teamMembers.teamId, userId: teamMembers.userId })
      .from(teamMembers)
      .where(inArray(teamMembers.teamId, teamIds.slice(start, start + CHUNK)));
    for (const row of rows) found.add(`${row.teamId}:${row.userId}`);
  }
  return found;
}
