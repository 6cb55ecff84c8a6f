// The instance's settings in the operator console: the sign-up policy, the sign-up grant and the
// announcement, stored in the database over the environment's values, changed without a restart,
// and written to the audit log. The policy decides who may make a new account, by every way in.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AuditEntry } from "#domain/audit";
import type { InstanceSettingsReply } from "#domain/instance-settings";
import { INSTANCE_SETTINGS_CHANNEL } from "#server/instance/instance-settings.server";
import { testDatabases } from "../support/databases";
import { balanceOf, json } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi, tokenFromLink } from "../support/test-server";

const OPERATOR = "op-settings@example.com";

describe.each(testDatabases)("the instance's settings on $name", (target) => {
  const api = setUpSignedInApi(target, OPERATOR, {}, { ADMIN_EMAILS: OPERATOR, SIGNUP_CREDITS: "40" });

  const change = (body: Record<string, unknown>, cookie = api.user.cookie) =>
    api.server.call("/api/admin/settings", { method: "PATCH", cookie, json: body });
  const read = async () =>
    json<InstanceSettingsReply>(await api.server.call("/api/admin/settings", { cookie: api.user.cookie }));
  /** Asks for a sign-in link for `email`: the mail that answers it. */
  const askToSignIn = async (email: string) => {
    const before = api.server.mailer.sent.length;
    expect((await api.server.call("/api/auth/signin-email", { method: "POST", json: { email } })).status).toBe(200);
    await expect.poll(() => api.server.mailer.sent.length).toBeGreaterThan(before);
    return api.server.mailer.sent.at(-1)!;
  };
  const accounts = async (email: string) => {
    const result = await api.database.db.execute(sql`select count(*)::int as n from auth_users where email = ${email}`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };

  it("starts from the environment, and only an operator in a browser reads or changes it", async () => {
    expect(await read()).toEqual({
      settings: { signupPolicy: "open", signupDomains: [], signupGrant: 40, announcement: "" },
      defaults: { signupPolicy: "open", signupDomains: [], signupGrant: 40, announcement: "" },
      setHere: [],
    });
    const bob = await signInThroughApi(api.server, "bob-settings@example.com");
    expect((await api.server.call("/api/admin/settings", { cookie: bob.cookie })).status).toBe(404);
    expect((await change({ announcement: "Hi" }, bob.cookie)).status).toBe(404);
  });

  it("changes a setting at once, logs before → after, and goes back to the environment with null", async () => {
    const changed = await change({ signupGrant: 5, announcement: "  Maintenance at 18:00 UTC  " });
    expect(changed.status).toBe(200);
    const body = await json<InstanceSettingsReply & { entry: AuditEntry }>(changed);
    expect(body.settings).toMatchObject({ signupGrant: 5, announcement: "Maintenance at 18:00 UTC" });
    expect(body.setHere).toEqual(["signupGrant", "announcement"]);
    expect(body.entry).toMatchObject({
      action: "instance.settings_changed",
      actor: { email: OPERATOR },
      subject: { id: null, email: null },
      before: { signupGrant: 40, announcement: "" },
      after: { signupGrant: 5, announcement: "Maintenance at 18:00 UTC" },
    });

    // The new grant is what the next account starts with.
    const newcomer = await signInThroughApi(api.server, "newcomer-settings@example.com");
    expect(await balanceOf(api.database.db, newcomer.userId)).toBe(5);

    // The same again changes nothing and writes no line; null goes back to the environment.
    expect(await json<{ entry: unknown }>(await change({ signupGrant: 5 }))).toMatchObject({ entry: null });
    const reset = await json<InstanceSettingsReply & { entry: AuditEntry }>(
      await change({ signupGrant: null, announcement: null }),
    );
    expect(reset.settings).toMatchObject({ signupGrant: 40, announcement: "" });
    expect(reset.setHere).toEqual([]);
    expect(reset.entry.before).toEqual({ signupGrant: 5, announcement: "Maintenance at 18:00 UTC" });
  });

  it("announces a change to every process, so their kept public pages follow it", async () => {
    const heard: string[] = [];
    const stop = await api.database.listen(INSTANCE_SETTINGS_CHANNEL, (payload) => heard.push(payload));
    try {
      expect((await change({ announcement: "Heard everywhere" })).status).toBe(200);
      await expect.poll(() => heard.length).toBe(1);
      // Nothing changed, nothing announced.
      expect((await change({ announcement: "Heard everywhere" })).status).toBe(200);
      expect((await change({ announcement: null })).status).toBe(200);
      await expect.poll(() => heard.length).toBe(2);
    } finally {
      await stop();
    }
  });

  it("refuses what is not a setting it can hold", async () => {
    const refused = async (body: Record<string, unknown>) => (await change(body)).status;
    expect(await refused({})).toBe(400);
    expect(await refused({ signupPolicy: "whoever" })).toBe(400);
    expect(await refused({ signupGrant: -1 })).toBe(400);
    expect(await refused({ signupGrant: 2.5 })).toBe(400);
    expect(await refused({ announcement: "x".repeat(501) })).toBe(400);
    expect(await refused({ signupDomains: ["not a domain"] })).toBe(400);
    // Sign-up by domain needs a domain to sign up with.
    const noDomain = await change({ signupPolicy: "domains" });
    expect(noDomain.status).toBe(400);
    expect((await json<{ error: { message: string } }>(noDomain)).error.message).toBe(
      "List at least one domain for sign-up by domain.",
    );
    expect((await read()).settings.signupPolicy).toBe("open");
  });

  it("by invitation only: an unknown address is told by e-mail, an account signs in, an operator always", async () => {
    const existing = await signInThroughApi(api.server, "existing-settings@example.com");
    expect((await change({ signupPolicy: "invite_only" })).status).toBe(200);
    try {
      const refusal = await askToSignIn("stranger-settings@example.com");
      expect(refusal.link).toBeUndefined();
      expect(refusal.text).toMatch(/New accounts on this Motif are by invitation/);
      expect(await accounts("stranger-settings@example.com")).toBe(0);

      // Someone with an account still gets a link.
      expect((await askToSignIn("existing-settings@example.com")).link).toMatch(/\/auth\/verify\?token=/);
      expect(existing.userId).toBeTruthy();
    } finally {
      expect((await change({ signupPolicy: null })).status).toBe(200);
    }
  });

  it("refuses a link made while sign-ups were open once they close, making no account", async () => {
    const mail = await askToSignIn("late-settings@example.com");
    expect((await change({ signupPolicy: "invite_only" })).status).toBe(200);
    try {
      const verify = await api.server.call("/api/auth/verify", {
        method: "POST",
        json: { token: tokenFromLink(mail.link!), email: "late-settings@example.com" },
      });
      expect(verify.status).toBe(403);
      expect((await json<{ error: { message: string } }>(verify)).error.message).toMatch(/by invitation/);
      expect(await accounts("late-settings@example.com")).toBe(0);
    } finally {
      await change({ signupPolicy: null });
    }
  });

  it("by domain: addresses at a listed domain sign up, others are told which domains", async () => {
    const set = await change({ signupPolicy: "domains", signupDomains: ["@Studio.Example", "studio.example"] });
    expect((await json<InstanceSettingsReply>(set)).settings.signupDomains).toEqual(["studio.example"]);
    try {
      const member = await signInThroughApi(api.server, "artist@studio.example");
      expect(member.userId).toBeTruthy();
      const outsider = await askToSignIn("someone@elsewhere.example");
      expect(outsider.link).toBeUndefined();
      expect(outsider.text).toMatch(/for addresses at studio\.example/);
    } finally {
      await change({ signupPolicy: null, signupDomains: null });
    }
  });
});
