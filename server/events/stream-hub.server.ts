import { AppError } from "#domain/errors";
import type { DatabaseHandle } from "../db/client.server";
import { getLogger } from "../logger.server";
import { EVENTS_CHANNEL, EVENTS_PAGE, eventsSince, parseNotice, type UserEvent } from "./events.server";
import { releaseStreamLease, renewStreamLeases, takeStreamLease, type LeaseRefusal } from "./stream-leases.server";
import { currentMemberships, liveSessions } from "./stream-sessions.server";

/** What the hub reads and listens to (the database in the app; counting fakes in unit tests). */
export interface HubStore {
  listen: DatabaseHandle["listen"];
  eventsSince(userId: string, afterId: number): Promise<UserEvent[]>;
  /** The still-valid sessions among these id hashes, with their expiry (ms). */
  liveSessions(idHashes: readonly string[]): Promise<Map<string, number>>;
  /** Of these (team, member) pairs, those still in their team, as `team:member`. */
  memberships?(pairs: readonly { teamId: string; userId: string }[]): Promise<Set<string>>;
  /** The count every process shares (the database); without it, caps hold per process only. */
  leases?: {
    take(input: {
      userId: string;
      ip: string;
      perUser: number;
      perIp: number;
      ttlMs: number;
    }): Promise<{ id: string } | { refused: LeaseRefusal }>;
    renew(ids: readonly string[], ttlMs: number): Promise<void>;
    release(id: string): Promise<void>;
  };
}

export function databaseHubStore(database: DatabaseHandle): HubStore {
  return {
    listen: (channel, onNotify, onReconnect) => database.listen(channel, onNotify, onReconnect),
    eventsSince: (userId, afterId) => eventsSince(database.db, { userId, afterId }),
    liveSessions: (idHashes) => liveSessions(database.db, idHashes),
    memberships: (pairs) => currentMemberships(database.db, pairs),
    leases: {
      take: (input) => takeStreamLease(database.db, input),
      renew: (ids, ttlMs) => renewStreamLeases(database.db, ids, ttlMs),
      release: (id) => releaseStreamLease(database.db, id),
    },
  };
}

export interface StreamHubOptions {
  /** Open streams one user may hold, across every process. */
  perUser: number;
  /** Open streams one client address may hold, across every process. */
  perIp: number;
  /** How often every stream gets a keep-alive and has its session re-checked. */
  heartbeatMs: number;
}

export const defaultStreamHubOptions: StreamHubOptions = { perUser: 10, perIp: 50, heartbeatMs: 20_000 };

/** The HTTP side of one stream: where its bytes go, and how to hang up. */
export interface StreamClient {
  send(chunk: string): void;
  end(): void;
}

/** A lease lasts this many keep-alives: a process that dies frees its streams' places after it. */
const LEASE_BEATS = 3;

export interface StreamHandle {
  /**
   * Takes the stream's place in the count every process shares; refuses with 429 (and
   * closes the stream) when the user or the address is at the cap elsewhere.
   */
  claim(): Promise<void>;
  /** Starts delivery of the user's events after `cursor`. */
  start(cursor: number): void;
  /** Gives the stream's place back (idempotent). */
  close(): void;
}

class Stream {
  cursor = 0;
  started = false;
  closed = false;
  /** Until the first check says otherwise, the session was valid a moment ago. */
  expiresAt = Number.POSITIVE_INFINITY;
  /** Its place in the shared count, once claimed. */
  leaseId: string | null = null;

  constructor(
    /** The workspace whose events it carries (a person's own, or a team's). */
    readonly userId: string,
    /** The person watching: in a team's workspace, their membership is checked with their session. */
    readonly memberId: string,
    readonly sessionHash: string,
    readonly ip: string,
    readonly client: StreamClient,
  ) {}
}

/**
 * One user's open streams in this process. Its work runs one step at a time:
 * a session check always goes before the next delivery, so nothing is sent after
 * a session's end has been announced. One read of the user's events serves all
 * their streams, so a notification costs one query whatever the number of streams.
 */
class UserFeed {
  readonly streams = new Set<Stream>();
  private needsCheck = false;
  private needsFetch = false;
  private running = false;

  constructor(
    private readonly userId: string,
    private readonly store: HubStore,
    private readonly endStream: (stream: Stream) => void,
  ) {}

  request(work: { check?: boolean; fetch?: boolean }): void {
    if (work.check) this.needsCheck = true;
    if (work.fetch) this.needsFetch = true;
    if (!this.running) void this.run();
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      while ((this.needsCheck || this.needsFetch) && this.streams.size > 0) {
        if (this.needsCheck) {
          this.needsCheck = false;
          await this.check();
        } else {
          this.needsFetch = false;
          await this.fetch();
        }
      }
    } finally {
      this.running = false;
    }
  }

  private check(): Promise<void> {
    return checkSessions(this.store, [...this.streams], this.endStream);
  }

  private async fetch(): Promise<void> {
    for (;;) {
      const streams = [...this.streams].filter((stream) => stream.started);
      if (streams.length === 0) return;
      const after = Math.min(...streams.map((stream) => stream.cursor));
      let events: UserEvent[];
      try {
        events = await this.store.eventsSince(this.userId, after);
      } catch (error) {
        getLogger().warn({ err: error }, "event stream read failed");
        return;
      }
      // A session ended while we read: settle that before anything is sent.
      if (this.needsCheck) {
        this.needsCheck = false;
        await this.check();
      }
      const now = Date.now();
      for (const stream of streams) {
        if (stream.closed) continue;
        if (stream.expiresAt <= now) {
          this.endStream(stream);
          continue;
        }
        for (const event of events) {
          if (event.id <= stream.cursor) continue;
          stream.client.send(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
          stream.cursor = event.id;
        }
      }
      if (events.length < EVENTS_PAGE) return;
    }
  }
}

/** Adds `delta` to a count, dropping it at zero so the map holds only what is open. */
function increment(counts: Map<string, number>, key: string, delta: number): void {
  const next = (counts.get(key) ?? 0) + delta;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

/**
 * One query for all the streams' sessions (and one for the memberships of those in a team's
 * workspace): ends those whose session is gone or whose member left, notes when the rest expire.
 */
async function checkSessions(store: HubStore, streams: Stream[], endStream: (stream: Stream) => void): Promise<void> {
  let live: Map<string, number>;
  let members: Set<string> | null = null;
  const inTeams = streams.filter((stream) => stream.userId !== stream.memberId);
  try {
    live = await store.liveSessions(streams.map((stream) => stream.sessionHash));
    if (inTeams.length > 0 && store.memberships)
      members = await store.memberships(inTeams.map((stream) => ({ teamId: stream.userId, userId: stream.memberId })));
  } catch (error) {
    // The database is away: the streams keep their last known state until the next check.
    getLogger().warn({ err: error }, "event stream session check failed");
    return;
  }
  for (const stream of streams) {
    if (stream.closed) continue;
    const expiresAt = live.get(stream.sessionHash);
    const left =
      members !== null && stream.userId !== stream.memberId && !members.has(`${stream.userId}:${stream.memberId}`);
    if (expiresAt === undefined || left) endStream(stream);
    else stream.expiresAt = expiresAt;
  }
}

/**
 * This process's open event streams, indexed by user. One LISTEN for the process;
 * a notification wakes only its user's streams, so idle streams cost nothing when
 * others' events arrive. Streams end when their session does: at once when a
 * sign-out or account deletion is announced (from any process), and otherwise at
 * the periodic check that also sends the keep-alives.
 */
export class EventStreamHub {
  private readonly feeds = new Map<string, UserFeed>();
  private readonly perIp = new Map<string, number>();
  private readonly perSession = new Map<string, number>();
  private stopListening?: () => Promise<void>;
  private heartbeat?: NodeJS.Timeout;
  private checking = false;

  constructor(
    private readonly store: HubStore,
    private readonly options: StreamHubOptions = defaultStreamHubOptions,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.store.listen(
      EVENTS_CHANNEL,
      (payload) => {
        const notice = parseNotice(payload);
        const feed = this.feeds.get(notice.userId);
        if (notice.kind === "event") return feed?.request({ fetch: true });
        feed?.request({ check: true });
        // The person's streams in their teams' workspaces are checked too.
        this.feeds.forEach((other) => {
          if (other !== feed && [...other.streams].some((stream) => stream.memberId === notice.userId))
            other.request({ check: true });
        });
      },
      // Notifications sent while the connection was down are lost: re-check and re-read everything.
      () => this.feeds.forEach((feed) => feed.request({ check: true, fetch: true })),
    );
    this.heartbeat = setInterval(() => void this.beat(), this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  /**
   * Refuses, before any database work, a stream that is over the cap whoever the
   * user turns out to be: its address is full, or its session alone holds a user's
   * worth. A flood of connection attempts then costs no queries.
   */
  refuseEarly(input: { sessionHash: string; ip: string }): void {
    if ((this.perSession.get(input.sessionHash) ?? 0) >= this.options.perUser) throw this.userCapError();
    if ((this.perIp.get(input.ip) ?? 0) >= this.options.perIp) throw this.ipCapError();
  }

  /** Takes a place for a new stream, or refuses with 429 when its user or address is at the cap. */
  open(
    input: { userId: string; memberId?: string; sessionHash: string; ip: string },
    client: StreamClient,
  ): StreamHandle {
    const feed = this.feeds.get(input.userId);
    const memberId = input.memberId ?? input.userId;
    // The cap is the person's, whichever workspace each of their streams watches.
    const theirs = feed ? [...feed.streams].filter((stream) => stream.memberId === memberId).length : 0;
    if (theirs >= this.options.perUser) throw this.userCapError();
    if ((this.perIp.get(input.ip) ?? 0) >= this.options.perIp) throw this.ipCapError();
    const stream = new Stream(input.userId, memberId, input.sessionHash, input.ip, client);
    const userFeed = feed ?? this.addFeed(input.userId);
    userFeed.streams.add(stream);
    increment(this.perIp, input.ip, 1);
    increment(this.perSession, input.sessionHash, 1);
    return {
      claim: async () => {
        const leases = this.store.leases;
        if (!leases || stream.closed) return;
        const taken = await leases.take({ userId: memberId, ip: input.ip, ...this.options, ttlMs: this.leaseTtlMs });
        if ("refused" in taken) {
          this.remove(stream);
          throw taken.refused === "user" ? this.userCapError() : this.ipCapError();
        }
        stream.leaseId = taken.id;
        // Closed while the place was being taken: give it back.
        if (stream.closed) void this.releaseLease(taken.id);
      },
      start: (cursor) => {
        if (stream.closed) return;
        stream.cursor = cursor;
        stream.started = true;
        // The session may have ended between the sign-in check and now.
        userFeed.request({ check: true, fetch: true });
      },
      close: () => this.remove(stream),
    };
  }

  /** Open streams in this process (for health and tests). */
  get size(): number {
    let total = 0;
    this.feeds.forEach((feed) => (total += feed.streams.size));
    return total;
  }

  /**
   * Ends every open stream, for a process about to stop: browsers reconnect (through the load
   * balancer, to a process that stays) instead of holding this one open until it is killed.
   */
  endAll(): void {
    this.feeds.forEach((feed) => feed.streams.forEach((stream) => this.end(stream)));
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    await this.stopListening?.();
    this.feeds.forEach((feed) => feed.streams.forEach((stream) => this.end(stream)));
  }

  private addFeed(userId: string): UserFeed {
    const feed = new UserFeed(userId, this.store, (stream) => this.end(stream));
    this.feeds.set(userId, feed);
    return feed;
  }

  private end(stream: Stream): void {
    if (stream.closed) return;
    this.remove(stream);
    stream.client.end();
  }

  private remove(stream: Stream): void {
    if (stream.closed) return;
    stream.closed = true;
    const feed = this.feeds.get(stream.userId);
    feed?.streams.delete(stream);
    if (feed && feed.streams.size === 0) this.feeds.delete(stream.userId);
    increment(this.perIp, stream.ip, -1);
    increment(this.perSession, stream.sessionHash, -1);
    if (stream.leaseId) void this.releaseLease(stream.leaseId);
  }

  private get leaseTtlMs(): number {
    return this.options.heartbeatMs * LEASE_BEATS;
  }

  private async releaseLease(id: string): Promise<void> {
    try {
      await this.store.leases?.release(id);
    } catch (error) {
      // It lapses on its own after a few keep-alives.
      getLogger().warn({ err: error }, "event stream lease release failed");
    }
  }

  private userCapError(): AppError {
    return new AppError(
      "rate_limited",
      `This account already has at most ${this.options.perUser} live connections open. Close some Motif tabs or windows, then reload.`,
    );
  }

  private ipCapError(): AppError {
    return new AppError(
      "rate_limited",
      `This network address already has at most ${this.options.perIp} live connections open. Close some Motif tabs or windows, then reload.`,
    );
  }

  /** Keep-alives for every stream, then one session check for all of them. */
  private async beat(): Promise<void> {
    const streams: Stream[] = [];
    this.feeds.forEach((feed) => feed.streams.forEach((stream) => streams.push(stream)));
    // Only to streams whose answer has begun: a keep-alive written before the headers would send them too early.
    for (const stream of streams) if (stream.started) stream.client.send(": keep-alive\n\n");
    if (this.checking || streams.length === 0) return;
    this.checking = true;
    try {
      const leaseIds = streams.flatMap((stream) => (stream.leaseId ? [stream.leaseId] : []));
      await this.store.leases?.renew(leaseIds, this.leaseTtlMs).catch((error: unknown) => {
        getLogger().warn({ err: error }, "event stream lease renewal failed");
      });
      await checkSessions(this.store, streams, (stream) => this.end(stream));
    } finally {
      this.checking = false;
    }
  }
}
