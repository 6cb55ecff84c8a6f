import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type DatabaseHandle } from "#server/db/client.server";
import { sql } from "drizzle-orm";
import { authUsers } from "#server/db/schema";
import { publishUserEvent } from "#server/events/events.server";
import { testDatabases } from "../support/databases";
import { readEvents } from "../support/event-stream";
import { signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

describe.each(testDatabases)("live event stream on $name", (target) => {
  let database: DatabaseHandle;
  let server: ApiTestServer;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    database = await target.open();
    server = await startApiServer(database);
    ({ cookie, userId } = await signInThroughApi(server, "stream@example.com"));
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it("refuses anonymous listeners", async () => {
    expect((await server.call("/api/events")).status).toBe(401);
  });

  it("starts with the balance, then delivers published events as they happen", async () => {
    const response = await server.call("/api/events", { cookie });
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(response.headers.get("cache-control")).toContain("no-transform");
    setTimeout(() => {
      void publishUserEvent(database.db, { userId, type: "credits", data: { credits: 88 } });
      void publishUserEvent(database.db, { userId, type: "job", data: { jobId: "j1", status: "running" } });
    }, 300);
    const events = await readEvents(response, 2);
    expect(events[0]).toMatchObject({ event: "credits" });
    const first = JSON.parse(events[0]!.data!) as { credits: number; version: number };
    expect(first.credits).toBe(100);
    expect(first.version).toBeGreaterThan(0);
    expect(events.slice(1).map((e) => e.event)).toEqual(["credits", "job"]);
    expect(JSON.parse(events[1]!.data!)).toEqual({ credits: 88 });
  });

  it("replays what was missed after Last-Event-ID, and nothing of other users", async () => {
    const first = await server.call("/api/events", { cookie });
    setTimeout(() => void publishUserEvent(database.db, { userId, type: "credits", data: { credits: 70 } }), 200);
    const seen = await readEvents(first, 1);
    const lastId = seen.at(-1)!.id!;

    await database.db.insert(authUsers).values({ id: "someone-else", email: "else@example.com" }).onConflictDoNothing();
    await publishUserEvent(database.db, { userId, type: "credits", data: { credits: 60 } });
    await publishUserEvent(database.db, { userId: "someone-else", type: "credits", data: { credits: 999 } });
    await publishUserEvent(database.db, { userId, type: "credits", data: { credits: 50 } });
    const resumed = await server.call("/api/events", { cookie, headers: { "Last-Event-ID": lastId } });
    // The current balance first (a resumed stream too), then what was missed.
    const replayed = await readEvents(resumed, 2);
    expect(replayed[0]).toMatchObject({ event: "credits" });
    expect(replayed[0]!.id).toBeUndefined();
    expect(replayed.filter((e) => e.id).map((e) => JSON.parse(e.data!).credits)).toEqual([60, 50]);
  });

  it("treats a malformed Last-Event-ID or lastEventId as absent: the balance, then live events", async () => {
    for (const [i, bad] of ["1.5", "12345678901234567890", "-3", "abc", "1e3"].entries()) {
      const headers: Record<string, string> = i % 2 === 0 ? { "Last-Event-ID": bad } : {};
      const query = i % 2 === 0 ? "" : `?lastEventId=${encodeURIComponent(bad)}`;
      const response = await server.call(`/api/events${query}`, { cookie, headers });
      expect(response.status, bad).toBe(200);
      setTimeout(() => void publishUserEvent(database.db, { userId, type: "job", data: { bad } }), 200);
      const events = await readEvents(response, 1);
      expect(
        events.map((e) => e.event),
        bad,
      ).toEqual(["credits", "job"]);
      expect(JSON.parse(events[1]!.data!)).toEqual({ bad });
    }
  });

  it("delivers every one of many events published at once, in order", async () => {
    const response = await server.call("/api/events", { cookie });
    const values = Array.from({ length: 40 }, (_, i) => i);
    setTimeout(
      () => void Promise.all(values.map((i) => publishUserEvent(database.db, { userId, type: "job", data: { i } }))),
      200,
    );
    const events = (await readEvents(response, values.length, 10_000)).filter((e) => e.id);
    expect(events.map((e) => JSON.parse(e.data!).i).sort((a, b) => a - b)).toEqual(values);
    const ids = events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  // Only PostgreSQL has concurrent transactions and a LISTEN connection; the embedded database runs one at a time.
  if (target.name === "postgres") {
    it("makes a second publish for the same user wait until the first commits, so ids commit in order", async () => {
      let releaseFirst!: () => void;
      const firstHolding = new Promise<void>((resolve) => {
        void database.db.transaction(async (tx) => {
          // The first publisher has drawn its id and holds the user's lock, but has not committed.
          await publishUserEvent(tx as unknown as typeof database.db, { userId, type: "job", data: { n: 1 } });
          resolve();
          await new Promise<void>((done) => (releaseFirst = done));
        });
      });
      await firstHolding;
      let secondDone = false;
      const second = publishUserEvent(database.db, { userId, type: "job", data: { n: 2 } }).then(() => {
        secondDone = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(secondDone).toBe(false);
      releaseFirst();
      await second;
      const rows = await queryRows<{ id: number; data: { n?: number } }>(
        database.db,
        sql`select id, data from workspace_events where workspace_id = ${userId} and type = 'job' order by id desc limit 2`,
      );
      expect(rows.map((r) => r.data.n)).toEqual([2, 1]);
    });

    it("keeps delivering after the LISTEN connection is cut", async () => {
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
      );
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const response = await server.call("/api/events", { cookie });
      setTimeout(() => void publishUserEvent(database.db, { userId, type: "credits", data: { credits: 42 } }), 300);
      const events = await readEvents(response, 1);
      expect(events.filter((e) => e.id).map((e) => JSON.parse(e.data!).credits)).toEqual([42]);
    });
  }
});
