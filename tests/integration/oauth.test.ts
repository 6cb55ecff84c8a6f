import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { authUsers, oauthAccounts, workspaceBalances } from "#server/db/schema";
import { FAKE_GITHUB_CLIENT, FAKE_GITHUB_USER, startFakeGitHub } from "../fakes/oauth-github";
import { testDatabases } from "../support/databases";
import { sessionCookieFrom, startApiServer, type ApiTestServer } from "../support/test-server";

describe("federated sign-in with GitHub (against a local fake)", () => {
  let database: DatabaseHandle;
  let server: ApiTestServer;
  let github: Awaited<ReturnType<typeof startFakeGitHub>>;

  beforeAll(async () => {
    github = await startFakeGitHub();
    database = await testDatabases[0]!.open();
    server = await startApiServer(database, {
      GITHUB_CLIENT_ID: FAKE_GITHUB_CLIENT.id,
      GITHUB_CLIENT_SECRET: FAKE_GITHUB_CLIENT.secret,
      GITHUB_URL: github.url,
      GITHUB_API_URL: github.url,
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
    await github?.close();
  });

  /** Follows the flow as a browser would, returning the callback's response. */
  async function runFlow(redirectTo = "/app/style", options: { withStateCookie?: boolean } = {}) {
    const start = await server.call(`/api/auth/oauth/github?redirectTo=${encodeURIComponent(redirectTo)}`, {
      redirect: "manual",
    });
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get("location")!);
    expect(authorize.origin).toBe(github.url);
    expect(authorize.searchParams.get("redirect_uri")).toBe("http://motif.test/api/auth/oauth/github/callback");
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    const stateCookie = /motif_oauth_state=[^;]+/.exec(start.headers.get("set-cookie") ?? "")![0];
    const page = await (await fetch(authorize)).text();
    const callback = new URL(/href="([^"]+)"/.exec(page)![1]!.replace(/&amp;/g, "&"));
    return server.call(`${callback.pathname}${callback.search}`, {
      redirect: "manual",
      cookie: options.withStateCookie === false ? undefined : stateCookie,
    });
  }

  it("signs in, creates the account with its grant, and links the GitHub identity", async () => {
    const response = await runFlow();
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/app/style");
    const cookie = sessionCookieFrom(response)!;
    const me = (await (await server.call("/api/users/me", { cookie })).json()) as {
      user: { email: string; credits: number };
    };
    expect(me.user).toMatchObject({ email: FAKE_GITHUB_USER.email, credits: 100 });
    const [linked] = await database.db
      .select()
      .from(oauthAccounts)
      .where(eq(oauthAccounts.providerAccountId, String(FAKE_GITHUB_USER.id)));
    expect(linked?.provider).toBe("github");
  });

  it("signs the same person in again without a second account or grant", async () => {
    const response = await runFlow("/app");
    expect(sessionCookieFrom(response)).toBeDefined();
    const accounts = await database.db.select().from(authUsers).where(eq(authUsers.email, FAKE_GITHUB_USER.email));
    expect(accounts).toHaveLength(1);
    const [profile] = await database.db
      .select()
      .from(workspaceBalances)
      .where(eq(workspaceBalances.id, accounts[0]!.id));
    expect(profile?.credits).toBe(100);
  });

  it("refuses a replayed or forged state and says so with a Login Error toast", async () => {
    const forged = await server.call("/api/auth/oauth/github/callback?code=abc&state=forged", { redirect: "manual" });
    expect(forged.status).toBe(302);
    expect(forged.headers.get("location")).toBe("/auth/login");
    expect(sessionCookieFrom(forged)).toBeUndefined();
    expect(decodeURIComponent(forged.headers.get("set-cookie")!)).toContain("Login error");
  });

  it("refuses a callback opened in a browser that did not start the sign-in (login CSRF)", async () => {
    const response = await runFlow("/app", { withStateCookie: false });
    expect(response.headers.get("location")).toBe("/auth/login");
    expect(sessionCookieFrom(response)).toBeUndefined();
  });

  it("keeps redirects local", async () => {
    const response = await runFlow("https://evil.example/");
    expect(response.headers.get("location")).toBe("/app");
  });

  it("answers 404 for a provider the operator did not configure", async () => {
    const response = await server.call("/api/auth/oauth/google", { redirect: "manual" });
    expect(response.status).toBe(404);
  });
});
