// Signing in with an e-mail link, on both databases: the same answer for any address, 256-bit
// tokens stored hashed, expiry, one redemption, the session cookie and logout, the same-origin
// check, the sign-up grant given once, and deleting the account.
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type DatabaseHandle } from "#server/db/client.server";
import { authUsers, creditLedger, loginTokens, sessions, workspaceBalances } from "#server/db/schema";
import { testDatabases } from "../support/databases";
import { uniqueEmail } from "../support/factories";
import { callEach, sessionCookieFrom, startApiServer, tokenFromLink, type ApiTestServer } from "../support/test-server";
import { sha256 } from "./auth-helpers";

describe.each(testDatabases)("e-mail link sign-in on $name", (target) => {
  let database: DatabaseHandle;
  let server: ApiTestServer;

  beforeAll(async () => {
    database = await target.open();
    server = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "1000", SIGNUP_CREDITS: "100" });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });
  afterEach(() => {
    server.mailer.sent.length = 0;
  });

  async function requestLink(email: string, extra: Record<string, string> = {}) {
    const response = await server.call("/api/auth/signin-email", { method: "POST", json: { email, ...extra } });
    expect(response.status).toBe(200);
    await expect.poll(() => server.mailer.sent.filter((m) => m.to === email.toLowerCase()).length).toBeGreaterThan(0);
    return server.mailer.sent.filter((m) => m.to === email.toLowerCase()).at(-1)!;
  }

  async function signIn(email: string) {
    const mail = await requestLink(email);
    const verify = await server.call("/api/auth/verify", {
      method: "POST",
      json: { token: tokenFromLink(mail.link!), email },
    });
    expect(verify.status).toBe(200);
    const { idToken } = (await verify.json()) as { idToken: string };
    const token = await server.call("/api/auth/token", { method: "POST", json: { idToken } });
    expect(token.status).toBe(200);
    const cookie = sessionCookieFrom(token)!;
    const created = await server.call("/api/users/new", { method: "POST", cookie });
    return { cookie, created, tokenResponse: token };
  }

  it("answers the same for a new and a known address, and builds the link from PUBLIC_URL", async () => {
    const known = uniqueEmail("known");
    await signIn(known);
    const bodies = [];
    for (const email of [known, uniqueEmail("unknown")]) {
      const response = await server.call("/api/auth/signin-email", {
        method: "POST",
        json: { email },
        headers: { "X-Forwarded-Host": "evil.example" },
      });
      bodies.push({ status: response.status, body: await response.text() });
    }
    expect(bodies[0]).toEqual(bodies[1]);
    await expect.poll(() => server.mailer.sent.length).toBeGreaterThanOrEqual(3);
    for (const mail of server.mailer.sent) {
      expect(mail.link).toMatch(/^http:\/\/motif\.test\/auth\/verify\?token=/);
      expect(mail.html).toContain(mail.link!.replace(/&/g, "&#38;"));
      expect(mail.text).toContain(mail.link);
      expect(mail.text).toContain("expires in 15 minutes");
    }
  });

  it("takes similar time for known and unknown addresses", async () => {
    const known = uniqueEmail("timing");
    await signIn(known);
    const time = async (email: string) => {
      const started = performance.now();
      await server.call("/api/auth/signin-email", { method: "POST", json: { email } });
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const knownTimes = [];
    const unknownTimes = [];
    for (let i = 0; i < 4; i++) {
      knownTimes.push(await time(known));
      unknownTimes.push(await time(uniqueEmail("nobody")));
    }
    expect(Math.abs(median(knownTimes) - median(unknownTimes))).toBeLessThan(100);
  });

  it("uses 256-bit tokens and stores only their hash", async () => {
    const email = uniqueEmail("hash");
    const mail = await requestLink(email);
    const token = tokenFromLink(mail.link!);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const rows = await database.db.select().from(loginTokens).where(eq(loginTokens.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("expires links after the configured 15 minutes", async () => {
    const email = uniqueEmail("expiry");
    const mail = await requestLink(email);
    const [row] = await database.db.select().from(loginTokens).where(eq(loginTokens.email, email));
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(ttl).toBeGreaterThan(14.9 * 60_000);
    expect(ttl).toBeLessThan(15.1 * 60_000);
    await database.db
      .update(loginTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginTokens.email, email));
    const verify = await server.call("/api/auth/verify", {
      method: "POST",
      json: { token: tokenFromLink(mail.link!), email },
    });
    expect(verify.status).toBe(401);
  });

  it("binds a link to its e-mail: a wrong address fails and leaves the link for its owner", async () => {
    const email = uniqueEmail("bound");
    const token = tokenFromLink((await requestLink(email)).link!);
    const wrong = await server.call("/api/auth/verify", {
      method: "POST",
      json: { token, email: uniqueEmail("other") },
    });
    expect(wrong.status).toBe(401);
    const right = await server.call("/api/auth/verify", {
      method: "POST",
      json: { token, email: email.toUpperCase() },
    });
    expect(right.status).toBe(200);
  });

  it("says why a link fails: expired, used or tampered is one answer, a wrong address another", async () => {
    const verify = (token: string, email: string) =>
      server.call("/api/auth/verify", { method: "POST", json: { token, email } });
    const status = async (token: string) =>
      (await (await server.call("/api/auth/link-status", { method: "POST", json: { token } })).json()) as {
        usable: boolean;
      };
    const invalid = {
      error: {
        code: "unauthorized",
        message: "This link has expired or was already used — request a new one.",
        details: { reason: "invalid" },
      },
    };

    const email = uniqueEmail("reasons");
    const token = tokenFromLink((await requestLink(email)).link!);
    // Asking about a link uses nothing.
    expect(await status(token)).toEqual({ usable: true });
    expect(await status(token)).toEqual({ usable: true });
    const wrong = await verify(token, uniqueEmail("not-the-owner"));
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: { details: { reason: "wrong_email" } } });
    for (const tampered of [`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, token.slice(0, 10), "x"]) {
      expect(await status(tampered)).toEqual({ usable: false });
      const response = await verify(tampered, email);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(invalid);
    }
    expect((await verify(token, email)).status).toBe(200);
    expect(await status(token)).toEqual({ usable: false });
    const used = await verify(token, email);
    expect(used.status).toBe(401);
    expect(await used.json()).toEqual(invalid);

    const expiring = tokenFromLink((await requestLink(email)).link!);
    await database.db
      .update(loginTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginTokens.tokenHash, sha256(expiring)));
    expect(await status(expiring)).toEqual({ usable: false });
    expect(await (await verify(expiring, email)).json()).toEqual(invalid);
  });

  it("redeems a link once, even when redeemed ten times in parallel", async () => {
    const email = uniqueEmail("parallel");
    const token = tokenFromLink((await requestLink(email)).link!);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => server.call("/api/auth/verify", { method: "POST", json: { token, email } })),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(401)]);
    const idTokens = await Promise.all(
      responses.filter((r) => r.ok).map((r) => r.json() as Promise<{ idToken: string }>),
    );
    // The one ID token also works once.
    const exchanges = await Promise.all(
      Array.from({ length: 5 }, () =>
        server.call("/api/auth/token", { method: "POST", json: { idToken: idTokens[0]!.idToken } }),
      ),
    );
    expect(exchanges.filter((r) => r.ok)).toHaveLength(1);
    const [user] = await database.db.select().from(authUsers).where(eq(authUsers.email, email));
    const userSessions = await database.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(userSessions).toHaveLength(1);
  });

  it("sets an HttpOnly, SameSite=Lax session cookie with a new id at every sign-in", async () => {
    const email = uniqueEmail("cookie");
    const first = await signIn(email);
    const header = first.tokenResponse.headers.get("set-cookie")!;
    expect(header).toMatch(/^motif_session=[A-Za-z0-9_-]{43};/);
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");
    expect(header).toContain("Path=/");
    const second = await signIn(email);
    expect(second.cookie).not.toBe(first.cookie);
    // The stored id is a hash, not the cookie value.
    const value = first.cookie.split("=")[1]!;
    const rows = await queryRows<{ id_hash: string }>(database.db, sql`select id_hash from sessions`);
    expect(rows.map((r) => r.id_hash)).toContain(sha256(value));
    expect(rows.map((r) => r.id_hash)).not.toContain(value);
  });

  it("ends the session on logout; the old cookie then gets nothing", async () => {
    const { cookie } = await signIn(uniqueEmail("logout"));
    expect((await server.call("/api/users/me", { cookie })).status).toBe(200);
    const logout = await server.call("/api/auth/token", { method: "DELETE", cookie });
    expect(logout.status).toBe(200);
    expect(logout.headers.get("set-cookie")).toContain("Max-Age=0");
    expect((await server.call("/api/users/me", { cookie })).status).toBe(401);
  });

  it("refuses state-changing requests from another origin", async () => {
    const email = uniqueEmail("csrf");
    const { cookie } = await signIn(email);
    const crossSite = { Origin: "https://evil.example" };
    const attempts = [
      server.call("/api/auth/signin-email", { method: "POST", json: { email }, headers: crossSite }),
      server.call("/api/users/user", { method: "DELETE", cookie, headers: crossSite }),
      server.call("/api/auth/token", {
        method: "DELETE",
        cookie,
        headers: { Origin: "", "Sec-Fetch-Site": "cross-site" },
      }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(403);
    expect((await server.call("/api/users/me", { cookie })).status).toBe(200);
  });

  it("grants sign-up credits exactly once, even to two tabs at once", async () => {
    const email = uniqueEmail("grant");
    const mail = await requestLink(email);
    const verify = await server.call("/api/auth/verify", {
      method: "POST",
      json: { token: tokenFromLink(mail.link!), email },
    });
    const { idToken } = (await verify.json()) as { idToken: string };
    const cookie = sessionCookieFrom(await server.call("/api/auth/token", { method: "POST", json: { idToken } }))!;
    const results = await Promise.all(
      Array.from({ length: 6 }, () => server.call("/api/users/new", { method: "POST", cookie })),
    );
    const bodies = (await Promise.all(results.map((r) => r.json()))) as {
      created: boolean;
      user: { credits: number; uid: string };
    }[];
    expect(bodies.filter((b) => b.created)).toHaveLength(1);
    expect(new Set(bodies.map((b) => b.user.credits))).toEqual(new Set([100]));
    const uid = bodies[0]!.user.uid;
    const ledger = await database.db.select().from(creditLedger).where(eq(creditLedger.workspaceId, uid));
    expect(ledger).toEqual([expect.objectContaining({ delta: 100, reason: "signup_grant", balanceAfter: 100 })]);
  });

  it("deletes the account and everything it owns; the address can start afresh", async () => {
    const email = uniqueEmail("delete");
    const { cookie, created } = await signIn(email);
    // A first account is told nothing about its sign-up credits: it has them.
    expect(created.headers.get("Set-Cookie")).toBeNull();
    const me = (await (await server.call("/api/users/me", { cookie })).json()) as { user: { uid: string } };
    await requestLink(email); // a pending link
    const response = await server.call("/api/users/user", { method: "DELETE", cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    const uid = me.user.uid;
    expect(await database.db.select().from(authUsers).where(eq(authUsers.id, uid))).toHaveLength(0);
    expect(await database.db.select().from(workspaceBalances).where(eq(workspaceBalances.id, uid))).toHaveLength(0);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, uid))).toHaveLength(0);
    expect(await database.db.select().from(creditLedger).where(eq(creditLedger.workspaceId, uid))).toHaveLength(0);
    expect(await database.db.select().from(loginTokens).where(eq(loginTokens.email, email))).toHaveLength(0);
    expect((await server.call("/api/users/me", { cookie })).status).toBe(401);

    const again = await signIn(email);
    const fresh = (await again.created.json()) as { created: boolean; user: { uid: string; credits: number } };
    expect(fresh.created).toBe(true);
    expect(fresh.user.uid).not.toBe(uid);
    // A new account, but not a second sign-up grant; its history says why it starts at 0.
    expect(fresh.user.credits).toBe(0);
    // The browser is told why on its first page (the app shell reads this cookie once).
    expect(again.created.headers.get("Set-Cookie")).toMatch(/^motif_signup_notice=grant-used-before; Path=\/;/);
    const history = await server.call("/api/users/me/credits", { cookie: again.cookie });
    expect(((await history.json()) as { entries: unknown[] }).entries).toEqual([
      expect.objectContaining({ delta: 0, reason: "signup_grant", balanceAfter: 0 }),
    ]);
  });

  it("keeps only local redirect targets in the link", async () => {
    const local = await requestLink(uniqueEmail("redirect"), { redirectTo: "/app/style" });
    expect(new URL(local.link!).searchParams.get("redirectTo")).toBe("/app/style");
    const external = await requestLink(uniqueEmail("redirect"), { redirectTo: "https://evil.example/x" });
    expect(new URL(external.link!).searchParams.get("redirectTo")).toBeNull();
  });

  it("rejects malformed requests with a clear 400", async () => {
    const response = await server.call("/api/auth/signin-email", { method: "POST", json: { email: "not-an-address" } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "bad_request" } });
    const broken = await server.call("/api/auth/token", {
      method: "POST",
      body: "{",
      headers: { "Content-Type": "application/json" },
    });
    expect(broken.status).toBe(400);
  });

  it("requires a session for the user calls", async () => {
    const answers = await callEach(server, [
      ["GET", "/api/users/me"],
      ["POST", "/api/users/new"],
      ["DELETE", "/api/users/user"],
    ]);
    for (const { label, response } of answers) expect(response.status, label).toBe(401);
  });
});
