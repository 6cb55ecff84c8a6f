import type { DatabaseHandle } from "../db/client.server";
import { EVENTS_CHANNEL, parseNotice } from "../events/events.server";
import type { SessionUser } from "./sessions.server";

/** How long a looked-up session is trusted without asking the database again. */
export const SESSION_CACHE_MS = 30_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  user: SessionUser;
  /** When this copy stops being trusted: the cache's window or the session's own end, whichever is first. */
  until: number;
}

/**
 * Signed-in users by session hash, kept briefly so a page or an image does not cost a
 * session query. A sign-out or deleted account in any process reaches every process as a
 * "session-ended" notice (the same one event streams use) and drops that user's entries;
 * a lost notice is bounded by the short window, and a listener that reconnects forgets all.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private stopListening?: () => Promise<void>;

  constructor(
    private readonly windowMs = SESSION_CACHE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async listen(database: Pick<DatabaseHandle, "listen">): Promise<void> {
    this.stopListening = await database.listen(
      EVENTS_CHANNEL,
      (payload) => {
        const notice = parseNotice(payload);
        if (notice.kind === "session-ended") this.forgetUser(notice.userId);
      },
      () => this.entries.clear(),
    );
  }

  get(sessionHash: string): SessionUser | undefined {
    const entry = this.entries.get(sessionHash);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(sessionHash);
      return undefined;
    }
    return entry.user;
  }

  set(sessionHash: string, user: SessionUser, sessionExpiresAt: Date): void {
    // Oldest first out: a Map iterates in insertion order.
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(sessionHash, { user, until: Math.min(this.now() + this.windowMs, sessionExpiresAt.getTime()) });
  }

  forget(sessionHash: string): void {
    this.entries.delete(sessionHash);
  }

  forgetUser(userId: string): void {
    for (const [hash, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(hash);
  }

  async close(): Promise<void> {
    await this.stopListening?.();
    this.entries.clear();
  }
}
