// One sign-up grant per mailbox, on both databases: only a keyed hash of the address is kept,
// it outlives the account, and +tags, case and two sign-ups at once still get one grant.
import { eq } from "drizzle-orm";
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { signupGrants } from "#server/db/schema";
import { testDatabases } from "../support/databases";
import { uniqueEmail } from "../support/factories";
import { sessionCookieFrom, startApiServer, tokenFromLink, type ApiTestServer } from "../support/test-server";
import { sha256 } from "./auth-helpers";

describe.each(testDatabases)("one sign-up grant per mailbox on $name", (target) => {
  let database: DatabaseHandle;
  let plain: ApiTestServer;
  let keyed: ApiTestServer;
  const secret = "a-secret-of-at-least-16-characters";
  beforeAll(async () => {
    database = await target.open();
    plain = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "1000", SIGNIN_LIMIT_PER_EMAIL: "1000" });
    keyed = await startApiServer(database, {
      SIGNIN_LIMIT_PER_IP: "1000",
      SIGNIN_LIMIT_PER_EMAIL: "1000",
      ADDRESS_HASH_SECRET: secret,
    });
  });
  afterAll(async () => {
    await plain?.close();
    await keyed?.close();
    await database?.close();
  });

  /** Signs `email` up on `server` and answers its new profile's credits and session cookie. */
  async function signUp(server: ApiTestServer, email: string) {
    const before = server.mailer.sent.length;
    expect((await server.call("/api/auth/signin-email", { method: "POST", json: { email } })).status).toBe(200);
    const mail = () => server.mailer.sent.slice(before).find((m) => m.to === email.toLowerCase());
    await expect.poll(mail).toBeDefined();
    const link = mail()!.link!;
    const verify = await server.call("/api/auth/verify", {
      method: "POST",
      json: { token: tokenFromLink(link), email },
    });
    const { idToken } = (await verify.json()) as { idToken: string };
    const cookie = sessionCookieFrom(await server.call("/api/auth/token", { method: "POST", json: { idToken } }))!;
    const created = await server.call("/api/users/new", { method: "POST", cookie });
    const body = (await created.json()) as { user: { credits: number } };
    return { cookie, credits: body.user.credits };
  }
  const remove = async (server: ApiTestServer, cookie: string) =>
    expect((await server.call("/api/users/user", { method: "DELETE", cookie })).status).toBe(200);

  it("keeps only a keyed hash of the mailbox, which outlives the account", async () => {
    const email = uniqueEmail("hashed");
    const first = await signUp(keyed, email);
    expect(first.credits).toBe(100);
    const hmac = `hmac:${createHmac("sha256", secret).update(email).digest("hex")}`;
    expect(await database.db.select().from(signupGrants).where(eq(signupGrants.addressHash, hmac))).toHaveLength(1);
    const stored = JSON.stringify(await database.db.select().from(signupGrants));
    expect(stored).not.toContain(email);
    expect(stored).not.toContain(sha256(email));
    await remove(keyed, first.cookie);
    expect(await database.db.select().from(signupGrants).where(eq(signupGrants.addressHash, hmac))).toHaveLength(1);
    expect((await signUp(keyed, email.toUpperCase())).credits).toBe(0);
  });

  it("grants once per mailbox: +tags and case are one address, and two at once get one grant", async () => {
    const base = uniqueEmail("tagged");
    const [local, domain] = base.split("@");
    expect((await signUp(plain, base)).credits).toBe(100);
    expect((await signUp(plain, `${local}+again@${domain}`)).credits).toBe(0);

    const other = uniqueEmail("racing").split("@");
    const credits = await Promise.all(
      ["a", "b", "c"].map(async (tag) => (await signUp(plain, `${other[0]}+${tag}@${other[1]}`)).credits),
    );
    expect(credits.sort((x, y) => x - y)).toEqual([0, 0, 100]);
  });

  it("still knows grants recorded without the secret once the secret is set", async () => {
    const email = uniqueEmail("before-secret");
    const first = await signUp(plain, email);
    expect(first.credits).toBe(100);
    await remove(plain, first.cookie);
    expect((await signUp(keyed, email)).credits).toBe(0);
  });

  it("records the grant at deletion for accounts granted before the record existed", async () => {
    const email = uniqueEmail("legacy");
    const first = await signUp(keyed, email);
    expect(first.credits).toBe(100);
    // As an account made before this record existed: granted, but not recorded.
    const hmac = `hmac:${createHmac("sha256", secret).update(email).digest("hex")}`;
    await database.db.delete(signupGrants).where(eq(signupGrants.addressHash, hmac));
    await remove(keyed, first.cookie);
    expect((await signUp(keyed, email)).credits).toBe(0);
  });
});
