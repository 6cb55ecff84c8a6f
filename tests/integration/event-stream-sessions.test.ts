import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "#server/db/client.server";
import { sessions } from "#server/db/schema";
import { sessionCookieName } from "#server/auth/session-cookie.server";
import { createSession } from "#server/auth/sessions.server";
import { publishUserEvent } from "#server/events/events.server";
import { testDatabases } from "../support/databases";
import { readStream, type OpenStream } from "../support/event-stream";
import { signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

// How long a stream may outlive its session: a sign-out or a deleted account is
// announced at once; an expiry is found by the periodic check (1 s here).
const PROMPT_END_MS = 2_000;
const HEARTBEAT_SECONDS = 1;
const EXPIRY_END_MS = HEARTBEAT_SECONDS * 1000 + 2_000;

describe.each(testDatabases)("event streams end with their session on $name", (target) => {
  let database: DatabaseHandle;
  let server: ApiTestServer;
  let counter = 0;

  // Starting PGlite (WebAssembly) takes long on a busy machine: a longer limit for this hook.
  beforeAll(async () => {
    database = await target.open();
    server = await startApiServer(database, { EVENT_STREAM_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS) });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  /** A signed-in user with an open stream that has proven it delivers. */
  async function userWithLiveStream() {
    const email = `stream-${counter++}@example.com`;
    const { cookie, userId } = await signInThroughApi(server, email);
    const stream = await openLiveStream(server, cookie, userId);
    return { email, cookie, userId, stream };
  }

  async function openLiveStream(on: ApiTestServer, cookie: string, userId: string): Promise<OpenStream> {
    const response = await on.call("/api/events", { cookie });
    expect(response.status).toBe(200);
    const stream = readStream(response);
    // Keep publishing until one arrives: then the stream is surely subscribed.
    const marker = `before-${counter++}`;
    const publishing = setInterval(
      () => void publishUserEvent(database.db, { userId, type: "job", data: { marker } }),
      100,
    );
    try {
      // A ceiling, not a wait: on a busy machine the first event can take seconds.
      await stream.waitFor((event) => event.data?.includes(marker) ?? false, 20_000);
    } finally {
      clearInterval(publishing);
    }
    return stream;
  }

  /** Publishes right after the session ended: none of these may reach the stream. */
  async function expectNothingAfter(stream: OpenStream, userId: string, withinMs: number) {
    await publishUserEvent(database.db, { userId, type: "job", data: { marker: "after" } });
    expect(await stream.endsWithin(withinMs)).toBe(true);
    expect(stream.events.filter((event) => event.data?.includes('"after"'))).toEqual([]);
  }

  it("ends the stream at sign-out and delivers nothing after it", async () => {
    const { cookie, userId, stream } = await userWithLiveStream();
    const signedOut = await server.call("/api/auth/token", { method: "DELETE", cookie });
    expect(signedOut.status).toBe(200);
    await expectNothingAfter(stream, userId, PROMPT_END_MS);
  });

  it("ends only the stream of the session that signed out, not the user's other sessions", async () => {
    const { email, cookie, userId, stream } = await userWithLiveStream();
    const other = await signInThroughApi(server, email);
    expect(other.userId).toBe(userId);
    const otherStream = await openLiveStream(server, other.cookie, userId);
    await server.call("/api/auth/token", { method: "DELETE", cookie });
    expect(await stream.endsWithin(PROMPT_END_MS)).toBe(true);
    await publishUserEvent(database.db, { userId, type: "job", data: { marker: "still-here" } });
    await otherStream.waitFor((event) => event.data?.includes("still-here") ?? false);
    expect(otherStream.isEnded()).toBe(false);
    await otherStream.cancel();
  });

  it("ends every stream of an account when the account is deleted", async () => {
    const { cookie, stream } = await userWithLiveStream();
    const deleted = await server.call("/api/users/user", { method: "DELETE", cookie });
    expect(deleted.status).toBe(200);
    expect(await stream.endsWithin(PROMPT_END_MS)).toBe(true);
  });

  it("ends the stream when its session expires, and sends nothing after the expiry", async () => {
    const { userId } = await signInThroughApi(server, `stream-${counter++}@example.com`);
    // A session that lives for a few seconds only.
    const ttlMs = 3_000;
    const sessionId = await createSession({ db: database.db, userId, ttlMs });
    const expiresAt = Date.now() + ttlMs;
    const stream = await openLiveStream(server, `${sessionCookieName(false)}=${sessionId}`, userId);
    while (Date.now() < expiresAt) await new Promise((resolve) => setTimeout(resolve, 50));
    await expectNothingAfter(stream, userId, EXPIRY_END_MS);
  });

  it("ends the stream when its session is gone from the database by any other way, at the periodic check", async () => {
    const { userId, stream } = await userWithLiveStream();
    await database.db.delete(sessions).where(eq(sessions.userId, userId));
    expect(await stream.endsWithin(EXPIRY_END_MS)).toBe(true);
  });

  it("ends a stream that another API server holds when the session ends on this one", async () => {
    // Another process: its own connections and its own LISTEN (on PGlite, a second server in this process).
    const otherDatabase = database.url ? await openDatabase({ databaseUrl: database.url }) : database;
    const other = await startApiServer(otherDatabase, { EVENT_STREAM_HEARTBEAT_SECONDS: "300" });
    try {
      const signedIn = await signInThroughApi(server, `stream-${counter++}@example.com`);
      const stream = await openLiveStream(other, signedIn.cookie, signedIn.userId);
      await server.call("/api/auth/token", { method: "DELETE", cookie: signedIn.cookie });
      await expectNothingAfter(stream, signedIn.userId, PROMPT_END_MS);

      const deleting = await signInThroughApi(server, `stream-${counter++}@example.com`);
      const held = await openLiveStream(other, deleting.cookie, deleting.userId);
      await server.call("/api/users/user", { method: "DELETE", cookie: deleting.cookie });
      expect(await held.endsWithin(PROMPT_END_MS)).toBe(true);
    } finally {
      await other.close();
      if (otherDatabase !== database) await otherDatabase.close();
    }
  });
});
