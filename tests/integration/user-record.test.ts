import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "#server/api-keys/api-keys.server";
import type { DatabaseHandle } from "#server/db/client.server";
import { authUsers, creditLedger } from "#server/db/schema";
import { samplesJobPrice } from "#server/styles/style-samples.server";
import { testDatabases } from "../support/databases";
import { uniqueEmail } from "../support/factories";
import { startApiServer, startSessionThroughApi, type ApiTestServer } from "../support/test-server";

const GRANT = 100;
const PRICE = samplesJobPrice({ size: "square", detail: "draft" });

// A client that signs in but never calls POST /api/users/new (a script, a sign-in cut short)
// still has its account: the first API request makes the record, with the one sign-up grant.
describe.each(testDatabases)("a signed-in user whose record was never made, on $name", (target) => {
  let database: DatabaseHandle;
  let server: ApiTestServer;

  beforeAll(async () => {
    database = await target.open();
    server = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "1000", SIGNUP_CREDITS: String(GRANT) });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  function createStyle(init: { cookie?: string; headers?: Record<string, string> }) {
    const form = new FormData();
    form.set("name", "Warm icons");
    form.set("description", "Flat icons, warm colours");
    form.set("defaultDetail", "draft");
    return server.call("/api/styles", { method: "POST", body: form, ...init });
  }

  async function credits(init: { cookie?: string; headers?: Record<string, string> }) {
    const response = await server.call("/api/users/me", init);
    expect(response.status).toBe(200);
    return ((await response.json()) as { user: { credits: number } }).user.credits;
  }

  async function ledgerOf(email: string) {
    const [identity] = await database.db.select().from(authUsers).where(eq(authUsers.email, email));
    return database.db.select().from(creditLedger).where(eq(creditLedger.workspaceId, identity!.id));
  }

  it("creates a style with the sign-up credits, and POST /api/users/new afterwards grants nothing more", async () => {
    const email = uniqueEmail("no-record");
    const cookie = await startSessionThroughApi(server, email);

    const created = await createStyle({ cookie });
    expect(created.status).toBe(201);
    expect(await credits({ cookie })).toBe(GRANT - PRICE);

    const ensured = await server.call("/api/users/new", { method: "POST", cookie });
    expect(ensured.status).toBe(200);
    expect(await ensured.json()).toMatchObject({ created: false, user: { credits: GRANT - PRICE } });
    const grants = (await ledgerOf(email)).filter((entry) => entry.reason === "signup_grant");
    expect(grants).toEqual([expect.objectContaining({ delta: GRANT, balanceAfter: GRANT })]);
  });

  it("grants once when many first requests arrive at once", async () => {
    const email = uniqueEmail("no-record-race");
    const cookie = await startSessionThroughApi(server, email);

    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => server.call("/api/users/me", { cookie })),
      ...Array.from({ length: 4 }, () => server.call("/api/users/new", { method: "POST", cookie })),
      createStyle({ cookie }),
    ]);
    expect(answers.map((a) => a.status).slice(0, 4)).toEqual([200, 200, 200, 200]);
    // Whichever request came first made the record; POST /api/users/new says so only if it was one of them.
    expect(
      answers
        .map((a) => a.status)
        .slice(4, 8)
        .filter((status) => status === 201).length,
    ).toBeLessThanOrEqual(1);
    expect(answers[8]!.status).toBe(201);
    expect(await credits({ cookie })).toBe(GRANT - PRICE);
    const grants = (await ledgerOf(email)).filter((entry) => entry.reason === "signup_grant");
    expect(grants).toHaveLength(1);
  });

  it("POST /api/users/new as the first request still answers 201 with the grant", async () => {
    const cookie = await startSessionThroughApi(server, uniqueEmail("new-first"));
    const first = await server.call("/api/users/new", { method: "POST", cookie });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ created: true, user: { credits: GRANT } });
    expect((await server.call("/api/users/new", { method: "POST", cookie })).status).toBe(200);
  });

  it("an API key of a user with no record makes it on its first request", async () => {
    const email = uniqueEmail("no-record-key");
    await startSessionThroughApi(server, email);
    const [identity] = await database.db.select().from(authUsers).where(eq(authUsers.email, email));
    const { secret } = await createApiKey(database.db, { userId: identity!.id, input: { name: "Script" } });
    const headers = { Authorization: `Bearer ${secret}` };

    expect((await createStyle({ headers })).status).toBe(201);
    expect(await credits({ headers })).toBe(GRANT - PRICE);
  });
});
