import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "../db/client.server";
import { userEvents } from "../db/schema";

export const EVENTS_CHANNEL = "motif_user_events";
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
      insert into user_events (user_id, type, data)
      select ${options.userId}, ${options.type}, ${JSON.stringify(options.data)}::jsonb from locked
      returning id
    )
    select pg_notify(${EVENTS_CHANNEL}, ${options.userId} || ':' || event.id) from event`);
}

export async function eventsSince(db: Database, options: { userId: string; afterId: number }): Promise<UserEvent[]> {
  return db
    .select({ id: userEvents.id, type: userEvents.type, data: userEvents.data })
    .from(userEvents)
    .where(and(eq(userEvents.userId, options.userId), gt(userEvents.id, options.afterId)))
    .orderBy(userEvents.id)
    .limit(500);
}

export async function latestEventId(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${userEvents.id}), 0)` })
    .from(userEvents)
    .where(eq(userEvents.userId, userId));
  return Number(row?.id ?? 0);
}

export async function pruneUserEvents(db: Database): Promise<void> {
  await db.delete(userEvents).where(lt(userEvents.createdAt, new Date(Date.now() - KEEP_EVENTS_MS)));
}

type Listener = () => void;

/** Fans database notifications out to this process's open streams, per user. */
export class UserEventHub {
  private listeners = new Map<string, Set<Listener>>();
  private stop?: () => Promise<void>;

  constructor(private readonly database: DatabaseHandle) {}

  async start(): Promise<void> {
    this.stop = await this.database.listen(
      EVENTS_CHANNEL,
      (payload) => {
        const userId = payload.slice(0, payload.lastIndexOf(":"));
        this.listeners.get(userId)?.forEach((listener) => listener());
      },
      // Notifications sent while the connection was down are lost: every stream re-reads.
      () => this.listeners.forEach((set) => set.forEach((listener) => listener())),
    );
  }

  subscribe(userId: string, listener: Listener): () => void {
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  async close(): Promise<void> {
    await this.stop?.();
  }
}
