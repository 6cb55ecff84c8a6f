import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { preparedFor } from "../db/prepared.server";
import { workspaceEvents } from "../db/schema";

export const EVENTS_CHANNEL = "motif_user_events";
/** Notification payloads are `userId:eventId`, or `userId:session-ended`. */
const SESSION_ENDED = "session-ended";
/** The most events one read returns; a reader that got this many reads on. */
export const EVENTS_PAGE = 500;
const KEEP_EVENTS_MS = 60 * 60_000;

export interface UserEvent {
  id: number;
  type: string;
  data: Record<string, unknown>;
}

/** Namespace of the per-user advisory locks that order event ids (two-key form). */
const EVENT_LOCK_NAMESPACE = 0x6d6f7466; // "motf"

/**
 * Records an event for a user and wakes every process's listeners (Postgres
 * NOTIFY; PGlite delivers it in-process). The row lets a client resume with Last-Event-ID.
 *
 * Streams read "events after the last id sent", so a user's event ids must
 * become visible in id order: a per-user lock makes two publishers take their
 * ids and commit one after the other, never overtaking.
 */
export async function publishUserEvent(
  db: Database,
  options: { userId: string; type: string; data: Record<string, unknown> },
): Promise<void> {
  // One statement, one round trip: the materialized CTE takes the lock before the
  // insert draws its id, and the lock holds until the statement's transaction commits.
  await db.execute(sql`
    with locked as materialized (
      select pg_advisory_xact_lock(${EVENT_LOCK_NAMESPACE}, hashtext(${options.userId}))
    ),
    event as (
      insert into workspace_events (workspace_id, type, data)
      select ${options.userId}, ${options.type}, ${JSON.stringify(options.data)}::jsonb from locked
      returning id
    )
    select pg_notify(${EVENTS_CHANNEL}, ${options.userId} || ':' || event.id) from event`);
}

export async function eventsSince(db: Database, options: { userId: string; afterId: number }): Promise<UserEvent[]> {
  return db
    .select({ id: workspaceEvents.id, type: workspaceEvents.type, data: workspaceEvents.data })
    .from(workspaceEvents)
    .where(and(eq(workspaceEvents.workspaceId, options.userId), gt(workspaceEvents.id, options.afterId)))
    .orderBy(workspaceEvents.id)
    .limit(EVENTS_PAGE);
}

/** Read for every signed-in document (decision 128): prepared once per database handle. */
const newestEventOf = preparedFor((db) =>
  db
    .select({ id: sql<number>`coalesce(max(${workspaceEvents.id}), 0)` })
    .from(workspaceEvents)
    .where(eq(workspaceEvents.workspaceId, sql.placeholder("workspaceId")))
    .prepare("newest_event_of"),
);

export async function latestEventId(db: Database, userId: string): Promise<number> {
  const [row] = await newestEventOf(db).execute({ workspaceId: userId });
  return Number(row?.id ?? 0);
}

export async function pruneUserEvents(db: Database): Promise<void> {
  await db.delete(workspaceEvents).where(lt(workspaceEvents.createdAt, new Date(Date.now() - KEEP_EVENTS_MS)));
}

/**
 * Tells every process that some of a user's sessions ended (a sign-out, a deleted
 * account): their open streams re-check their sessions before sending anything more.
 * Inside a transaction the notice leaves at commit, with the deletion it announces.
 */
export async function announceSessionsEnded(db: Pick<Database, "execute">, userId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${userId} || ':' || ${SESSION_ENDED})`);
}

export type UserNotice = { userId: string; kind: "event" | "session-ended" };

export function parseNotice(payload: string): UserNotice {
  const split = payload.lastIndexOf(":");
  const kind = payload.slice(split + 1) === SESSION_ENDED ? "session-ended" : "event";
  return { userId: payload.slice(0, split), kind };
}
