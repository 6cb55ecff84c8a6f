import { PREVIEW_MODEL } from "#server/generation/providers/offline.server";
import { createProviderRegistry } from "#server/generation/providers/registry.server";
import { eq } from "drizzle-orm";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ConnectionCheck, SetupStatus, TestEmailResult } from "#domain/setup";
import type { DatabaseHandle } from "#server/db/client.server";
import { authUsers, workspaceBalances } from "#server/db/schema";
import { isOperator } from "#server/auth/operator.server";
import { startFakeOpenAI } from "../fakes/openai-images";
import { testDatabases } from "../support/databases";
import { balanceOf, ledgerSum } from "../support/factories";
import { signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

type Session = { cookie: string; userId: string };

/** A loopback port nothing listens on (it was free a moment ago). */
async function unusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe.each(testDatabases)("the setup page's API on $name", (target) => {
  let database: DatabaseHandle;
  let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
  const servers: ApiTestServer[] = [];
  let firstAccount: ApiTestServer;
  let first: Session;
  let second: Session;

  async function server(env: Record<string, string> = {}) {
    const started = await startApiServer(database, env, { providers: createProviderRegistry });
    servers.push(started);
    return started;
  }
  /** An instance on the fake OpenAI with `key`, whose one operator is `email`. */
  const openaiServer = (email: string, key: string) =>
    server({
      IMAGE_PROVIDER: "openai",
      OPENAI_API_KEY: key,
      OPENAI_BASE_URL: `${fake.url}/v1`,
      ADMIN_EMAILS: email,
    });

  beforeAll(async () => {
    database = await target.open();
    fake = await startFakeOpenAI();
    firstAccount = await server();
    first = await signInThroughApi(firstAccount, "first@example.com");
    // Created strictly later, whatever the clock's resolution.
    await database.db
      .update(authUsers)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(authUsers.id, first.userId));
    second = await signInThroughApi(firstAccount, "second@example.com");
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
    await fake?.close();
    await database?.close();
  });

  describe("who is an operator", () => {
    it("is the first account when ADMIN_EMAILS is unset", async () => {
      const deps = { db: database.db, adminEmails: [] };
      expect(await isOperator(deps, { id: first.userId, email: "first@example.com" })).toBe(true);
      expect(await isOperator(deps, { id: second.userId, email: "second@example.com" })).toBe(false);
    });

    it("is exactly the addresses in ADMIN_EMAILS when set, in any case, and then not the first account", async () => {
      const listed = await server({ ADMIN_EMAILS: "Someone@Example.com, SECOND@example.com" });
      expect(listed.config.adminEmails).toEqual(["someone@example.com", "second@example.com"]);
      expect((await listed.call("/api/setup", { cookie: second.cookie })).status).toBe(200);
      expect((await listed.call("/api/setup", { cookie: first.cookie })).status).toBe(404);
    });
  });

  describe("authorization", () => {
    it("shows the operator what the instance runs on, without secrets", async () => {
      const response = await firstAccount.call("/api/setup", { cookie: first.cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const { status } = (await response.json()) as { status: SetupStatus };
      expect(status.engines).toEqual([
        {
          id: "offline",
          name: "Preview engine",
          model: PREVIEW_MODEL,
          host: null,
          addressVariable: null,
          isDefault: true,
          preview: true,
          lastCheck: null,
        },
      ]);
      expect(status.mail.kind).toBe("outbox");
      expect(status.storage.kind).toBe("disk");
      expect(status.database.kind).toBe(target.name);
      expect(status.database.version).toMatch(/^\d+/);
      expect(status.operatorRule).toBe("first_account");
    });

    it("answers 404 to every other account, for reading and for each action", async () => {
      for (const [method, path] of [
        ["GET", "/api/setup"],
        ["POST", "/api/setup/test-connection"],
        ["POST", "/api/setup/test-email"],
        ["POST", "/api/setup/grant-credits"],
      ] as const) {
        const json = path.endsWith("grant-credits") ? { email: "second@example.com", credits: 100 } : undefined;
        const response = await firstAccount.call(path, { method, cookie: second.cookie, json });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(await response.json()).toEqual({ error: { code: "not_found", message: "Not found" } });
      }
      expect(firstAccount.mailer.sent.filter((m) => m.subject === "Motif test e-mail")).toHaveLength(0);
    });

    it("asks anonymous callers to sign in", async () => {
      expect((await firstAccount.call("/api/setup")).status).toBe(401);
      expect((await firstAccount.call("/api/setup/test-connection", { method: "POST" })).status).toBe(401);
    });

    it("refuses an action from another origin, and a body with anything in it", async () => {
      const crossOrigin = await firstAccount.call("/api/setup/test-connection", {
        method: "POST",
        cookie: first.cookie,
        headers: { Origin: "https://evil.example" },
      });
      expect(crossOrigin.status).toBe(403);
      const withBody = await firstAccount.call("/api/setup/test-connection", {
        method: "POST",
        cookie: first.cookie,
        json: { apiKey: "sk-other" },
      });
      expect(withBody.status).toBe(400);
    });
  });

  describe("giving credits", () => {
    it("adds credits to an account through its ledger, and refuses what it cannot grant, granting nothing", async () => {
      const grant = (json: unknown) =>
        firstAccount.call("/api/setup/grant-credits", { method: "POST", cookie: first.cookie, json });
      const balance = async () =>
        (
          await database.db
            .select({ credits: workspaceBalances.credits })
            .from(workspaceBalances)
            .where(eq(workspaceBalances.id, second.userId))
        )[0]!.credits;
      const before = await balance();
      const granted = await grant({ email: "Second@Example.com", credits: 75 });
      expect(granted.status).toBe(200);
      expect(await granted.json()).toEqual({
        message: `Granted 75 credits to second@example.com: balance ${before + 75}.`,
      });
      expect(await balance()).toBe(before + 75);

      const unknown = await grant({ email: "nobody@example.com", credits: 5 });
      expect(unknown.status).toBe(400);
      expect(((await unknown.json()) as { error: { message: string } }).error.message).toBe(
        "No account has the address nobody@example.com. Nothing was granted.",
      );
      for (const body of [
        { email: "second@example.com", credits: 0 },
        { email: "second@example.com", credits: 1.5 },
        { email: "x", credits: 5 },
        { email: "second@example.com", credits: 5, extra: 1 },
      ]) {
        expect((await grant(body)).status, JSON.stringify(body)).toBe(400);
      }
      expect(await balance()).toBe(before + 75);
    });
  });

  describe("test connection", () => {
    async function check(instance: ApiTestServer, session: Session) {
      const response = await instance.call("/api/setup/test-connection", { method: "POST", cookie: session.cookie });
      expect(response.status).toBe(200);
      return ((await response.json()) as { check: ConnectionCheck }).check;
    }

    it("lists the provider's models once with the key, reports success and latency, and moves no credits", async () => {
      const instance = await openaiServer("ops-ok@example.com", "sk-test");
      const operator = await signInThroughApi(instance, "ops-ok@example.com");
      const [balance, ledger] = [
        await balanceOf(database.db, operator.userId),
        await ledgerSum(database.db, operator.userId),
      ];
      const listingsBefore = fake.modelListings.length;
      fake.control.latencyMs = 40;
      try {
        const result = await check(instance, operator);
        expect(result).toMatchObject({ ok: true, modelAvailable: true });
        expect(result.message).toBe(
          "Connected to 127.0.0.1:" + new URL(fake.url).port + ": the key works and gpt-image-1.5 is available.",
        );
        expect(result.latencyMs).toBeGreaterThanOrEqual(40);
      } finally {
        fake.control.latencyMs = 0;
      }
      expect(fake.modelListings.slice(listingsBefore)).toEqual(["Bearer sk-test"]);
      expect(fake.requests).toHaveLength(0);
      expect(await balanceOf(database.db, operator.userId)).toBe(balance);
      expect(await ledgerSum(database.db, operator.userId)).toBe(ledger);

      const { status } = (await (await instance.call("/api/setup", { cookie: operator.cookie })).json()) as {
        status: SetupStatus;
      };
      expect(status.engines).toEqual([
        {
          id: "openai",
          name: "OpenAI Images API",
          model: "gpt-image-1.5",
          host: new URL(fake.url).host,
          addressVariable: "OPENAI_BASE_URL",
          isDefault: true,
          preview: false,
          // The check just made is kept: what users see of the model follows it.
          lastCheck: { ok: true, message: "", checkedAt: expect.any(String) },
        },
      ]);
      expect(JSON.stringify(status)).not.toContain("sk-test");
    });

    it("reports a refused key in plain words with the provider's message, and moves no credits", async () => {
      const instance = await openaiServer("ops-bad-key@example.com", "sk-invalid");
      const operator = await signInThroughApi(instance, "ops-bad-key@example.com");
      const balance = await balanceOf(database.db, operator.userId);
      const result = await check(instance, operator);
      expect(result).toMatchObject({
        ok: false,
        modelAvailable: null,
        message:
          "The API key was refused (HTTP 401). Check OPENAI_API_KEY. The service said: “Incorrect API key provided.”",
      });
      expect(fake.requests).toHaveLength(0);
      expect(await balanceOf(database.db, operator.userId)).toBe(balance);
      expect(await ledgerSum(database.db, operator.userId)).toBe(balance);
    });

    it("says when nothing answers at the configured address", async () => {
      const closedPort = await unusedPort();
      const instance = await server({
        IMAGE_PROVIDER: "openai",
        OPENAI_API_KEY: "sk-test",
        OPENAI_BASE_URL: `http://127.0.0.1:${closedPort}/v1`,
        ADMIN_EMAILS: "ops-unreachable@example.com",
      });
      const operator = await signInThroughApi(instance, "ops-unreachable@example.com");
      const result = await check(instance, operator);
      expect(result.ok).toBe(false);
      expect(result.message).toBe(
        `Could not reach 127.0.0.1:${closedPort} (ECONNREFUSED). Check OPENAI_BASE_URL and this server's network.`,
      );
    });

    it("gives up on a service that sends the models list's headers and then stalls its body", async () => {
      const instance = await server({
        IMAGE_PROVIDER: "openai",
        OPENAI_API_KEY: "sk-test",
        OPENAI_BASE_URL: `${fake.url}/v1`,
        ADMIN_EMAILS: "ops-stalled@example.com",
        PROVIDER_TIMEOUT_SECONDS: "2",
      });
      const operator = await signInThroughApi(instance, "ops-stalled@example.com");
      const stallsBefore = { ...fake.stalls };
      fake.control.stallBody = { prompt: null };
      try {
        const result = await check(instance, operator);
        expect(result).toMatchObject({
          ok: false,
          modelAvailable: null,
          message: `127.0.0.1:${new URL(fake.url).port} did not answer within 2 seconds.`,
        });
        expect(result.latencyMs).toBeGreaterThanOrEqual(1_950);
        expect(result.latencyMs).toBeLessThan(2_000 + 2_500);
      } finally {
        fake.control.stallBody = null;
      }
      // The stalled answer began after its headers, and the check abandoned it.
      expect(fake.stalls.started).toBe(stallsBefore.started + 1);
      await vi.waitFor(() => expect(fake.stalls.abandoned).toBe(stallsBefore.abandoned + 1));
    });

    it("says the preview engine has nothing to reach", async () => {
      const result = await check(firstAccount, first);
      expect(result).toMatchObject({ ok: true, latencyMs: 0, modelAvailable: null });
      expect(result.message).toContain("preview engine");
    });

    it("allows five checks a minute per operator, then answers 429 with Retry-After", async () => {
      const instance = await openaiServer("ops-limit@example.com", "sk-test");
      const operator = await signInThroughApi(instance, "ops-limit@example.com");
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 6; i++) {
        const response = await instance.call("/api/setup/test-connection", { method: "POST", cookie: operator.cookie });
        statuses.push(response.status);
        if (response.status === 429) retryAfter = response.headers.get("retry-after");
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    });
  });

  it("sends the operator a test e-mail through the configured mailer", async () => {
    const response = await firstAccount.call("/api/setup/test-email", { method: "POST", cookie: first.cookie });
    expect(response.status).toBe(200);
    const { result } = (await response.json()) as { result: TestEmailResult };
    expect(result).toMatchObject({ ok: true, to: "first@example.com" });
    const mail = firstAccount.mailer.sent.at(-1)!;
    expect([mail.to, mail.subject]).toEqual(["first@example.com", "Motif test e-mail"]);
    expect(mail.text).toContain("http://motif.test");
  });

  it("passes to the next oldest account when the first one is deleted", async () => {
    const instance = await server();
    const deleted = await instance.call("/api/users/user", { method: "DELETE", cookie: first.cookie });
    expect(deleted.status).toBe(200);
    const rows = await database.db.select({ id: authUsers.id }).from(authUsers);
    const oldestLeft = rows.find((r) => r.id === second.userId);
    expect(oldestLeft).toBeDefined();
    // The oldest account left is whichever came next: here the second sign-in.
    expect((await instance.call("/api/setup", { cookie: second.cookie })).status).toBe(200);
  });
});
