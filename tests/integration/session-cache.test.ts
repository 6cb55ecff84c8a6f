import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSessionUser } from "#server/auth/sessions.server";
import { SessionCache } from "#server/auth/session-cache.server";
import { openDatabase, type DatabaseHandle } from "#server/db/client.server";
import { countStatements } from "#server/db/statement-count.server";
import { testDatabases } from "../support/databases";
import { uniqueEmail } from "../support/factories";
import { signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

// Two web processes over one database (on PGlite, two servers in this process: each has its own
// session cache, and only the database's notices connect them).
describe.each(testDatabases)("session lookups across processes on $name", (target) => {
  let database: DatabaseHandle;
  let otherDatabase: DatabaseHandle;
  let first: ApiTestServer;
  let second: ApiTestServer;

  beforeAll(async () => {
    database = await target.open();
    otherDatabase = database.url ? await openDatabase({ databaseUrl: database.url }) : database;
    first = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "1000" });
    second = await startApiServer(otherDatabase, { SIGNIN_LIMIT_PER_IP: "1000" });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    if (otherDatabase !== database) await otherDatabase?.close();
    await database?.close();
  });

  const me = (server: ApiTestServer, cookie: string) => server.call("/api/users/me", { cookie }).then((r) => r.status);

  it("asks the database once for a session, then trusts it for a few seconds", async () => {
    const { cookie } = await signInThroughApi(first, uniqueEmail("cached"));
    const sessionId = decodeURIComponent(cookie.split("=")[1]!);
    const cache = new SessionCache();
    const firstLookup = await countStatements(() => findSessionUser({ db: database.db, sessionId, cache }));
    const repeat = await countStatements(() => findSessionUser({ db: database.db, sessionId, cache }));
    expect(firstLookup.statements).toBe(1);
    expect(firstLookup.result).not.toBeNull();
    expect(repeat).toEqual({ result: firstLookup.result, statements: 0 });
  });

  it("ends a session signed out on one process on the other at once, though it had it cached", async () => {
    const { cookie } = await signInThroughApi(first, uniqueEmail("signout"));
    expect(await me(second, cookie)).toBe(200);
    expect(await me(second, cookie)).toBe(200);
    expect((await first.call("/api/auth/token", { method: "DELETE", cookie })).status).toBe(200);
    expect(await me(first, cookie)).toBe(401);
    // Well inside the cache's 30-second window: only the notice can have ended it.
    await expect.poll(() => me(second, cookie), { timeout: 3_000 }).toBe(401);
  });

  it("ends every session of a deleted account on the other process too", async () => {
    const email = uniqueEmail("deleted");
    const { cookie } = await signInThroughApi(first, email);
    const other = await signInThroughApi(first, email);
    expect(await me(second, other.cookie)).toBe(200);
    expect((await first.call("/api/users/user", { method: "DELETE", cookie })).status).toBe(200);
    await expect.poll(() => me(second, other.cookie), { timeout: 3_000 }).toBe(401);
  });
});
