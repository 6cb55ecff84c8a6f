// Asking the operators for credits (POST /api/credits/request) where none are for sale:
// each operator is e-mailed who asked, their balance and their note; once an hour per person.
import { describe, expect, it } from "vitest";
import { creditsPage } from "#server/billing/credits-page.server";
import { testDatabases } from "../support/databases";
import { grantCredits, json } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi, startApiServer } from "../support/test-server";

type ErrorBody = { error: { code: string; message: string; fields?: { path: string; message: string }[] } };

describe.each(testDatabases)("requesting credits on $name", (target) => {
  const api = setUpSignedInApi(target, "asker@example.com", {}, { ADMIN_EMAILS: "ops@example.com,Ops-2@example.com" });

  const operatorMails = () => api.server.mailer.sent.filter((m) => m.subject.startsWith("Credits requested"));

  it("e-mails every operator who asked, their balance and their note, then refuses again within the hour", async () => {
    const before = operatorMails().length;
    const response = await api.server.call("/api/credits/request", {
      method: "POST",
      cookie: api.user.cookie,
      json: { note: "  For the <b>winter</b> icon set  " },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sent: true });

    const mails = operatorMails().slice(before);
    expect(mails.map((m) => m.to).sort()).toEqual(["ops-2@example.com", "ops@example.com"]);
    for (const mail of mails) {
      expect(mail.subject).toBe("Credits requested by asker@example.com");
      // Sign-up credits plus the 1,000 the suite grants.
      expect(mail.text).toMatch(/Their balance: 1,\d{3} credits\./);
      expect(mail.text).toContain("For the <b>winter</b> icon set");
      expect(mail.text).toContain("npm run credits -- grant asker@example.com <credits>");
      expect(mail.text).toContain("/app/admin?q=asker%40example.com");
      expect(mail.html).toContain("For the &#60;b&#62;winter&#60;/b&#62; icon set");
      expect(mail.html).not.toContain("<b>winter");
    }

    const again = await api.server.call("/api/credits/request", { method: "POST", cookie: api.user.cookie, json: {} });
    expect(again.status).toBe(429);
    const retryAfter = Number(again.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await json<ErrorBody>(again)).error).toMatchObject({
      code: "rate_limited",
      message: "You already asked for credits in the last hour. You can ask again in 60 minutes.",
    });
    expect(operatorMails()).toHaveLength(before + 2);
  });

  it("asks for the team's credits when sent from a team's workspace", async () => {
    const asker = await signInThroughApi(api.server, "team-asker@example.com");
    const made = await api.server.call("/api/teams", {
      method: "POST",
      cookie: asker.cookie,
      json: { name: "Night Owls" },
    });
    const { team } = await json<{ team: { id: string } }>(made);
    await grantCredits(api.database.db, team.id, 7);
    const before = operatorMails().length;
    const response = await api.server.call("/api/credits/request", {
      method: "POST",
      cookie: `${asker.cookie}; motif_workspace=${team.id}`,
      json: { note: "For the team" },
    });
    expect(response.status).toBe(200);
    const mails = operatorMails().slice(before);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.subject).toBe("Credits requested for Night Owls by team-asker@example.com");
      expect(mail.text).toContain("asks for more credits for the team “Night Owls”");
      expect(mail.text).toContain("The team's balance: 7 credits.");
      expect(mail.text).toContain("/app/admin/teams");
      expect(mail.text).not.toContain("npm run credits");
    }
  });

  it("refuses a note that is too long, other fields, another origin and API keys, without sending or counting", async () => {
    const { cookie } = await signInThroughApi(api.server, "careful-asker@example.com");
    const before = operatorMails().length;

    const long = await api.server.call("/api/credits/request", {
      method: "POST",
      cookie,
      json: { note: "x".repeat(501) },
    });
    expect(long.status).toBe(400);
    expect((await json<ErrorBody>(long)).error.fields).toEqual([
      { path: "note", message: "Keep the note to 500 characters." },
    ]);
    const extra = await api.server.call("/api/credits/request", { method: "POST", cookie, json: { credits: 500 } });
    expect(extra.status).toBe(400);
    const foreign = await api.server.call("/api/credits/request", {
      method: "POST",
      cookie,
      json: {},
      headers: { Origin: "https://elsewhere.example" },
    });
    expect(foreign.status).toBe(403);
    const key = await api.server.call("/api/keys", { method: "POST", cookie, json: { name: "Script" } });
    const { secret } = await json<{ secret: string }>(key);
    const withKey = await fetch(`${api.server.url}/api/credits/request`, {
      method: "POST",
      headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(withKey.status).toBe(403);
    const signedOut = await api.server.call("/api/credits/request", { method: "POST", json: {} });
    expect(signedOut.status).toBe(401);
    expect(operatorMails()).toHaveLength(before);

    // None of those counted against the hour.
    const asked = await api.server.call("/api/credits/request", { method: "POST", cookie, json: {} });
    expect(asked.status).toBe(200);
    expect(operatorMails()).toHaveLength(before + 2);
    expect(operatorMails().at(-1)!.text).not.toContain("Their note");
  });

  it("lets the person ask again at once when the mail could not be sent", async () => {
    const { cookie } = await signInThroughApi(api.server, "unlucky-asker@example.com");
    const mailer = api.server.mailer;
    const send = mailer.send;
    mailer.send = async () => {
      throw new Error("connection refused");
    };
    try {
      const failed = await api.server.call("/api/credits/request", { method: "POST", cookie, json: {} });
      expect(failed.status).toBe(500);
      expect((await json<ErrorBody>(failed)).error.message).toBe(
        "Your request could not be sent to the operators. Please try again later.",
      );
    } finally {
      mailer.send = send;
    }
    const retried = await api.server.call("/api/credits/request", { method: "POST", cookie, json: {} });
    expect(retried.status).toBe(200);
  });

  it("shows the credits page without Stripe: nothing for sale instead of a 404", async () => {
    await grantCredits(api.database.db, api.user.userId, 0);
    const page = await creditsPage(
      { db: api.database.db, billing: api.server.config.billing },
      { workspaceId: api.user.userId, checkoutSessionId: "cs_test_someone_elses" },
    );
    expect(page).toEqual({ payments: false, packs: [], debt: 0, checkout: null });
  });
});

describe.each(testDatabases)("requesting credits without ADMIN_EMAILS on $name", (target) => {
  it("e-mails the first account, the operator of a fresh install", async () => {
    const database = await target.open();
    const server = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "1000" });
    try {
      await signInThroughApi(server, "installer@example.com");
      const { cookie } = await signInThroughApi(server, "later@example.com");
      const response = await server.call("/api/credits/request", { method: "POST", cookie, json: { note: "Hi" } });
      expect(response.status).toBe(200);
      const mails = server.mailer.sent.filter((m) => m.subject.startsWith("Credits requested"));
      expect(mails.map((m) => m.to)).toEqual(["installer@example.com"]);
      expect(mails[0]!.text).toContain("later@example.com asks for more credits on http://motif.test.");
    } finally {
      await server.close();
      await database.close();
    }
  });
});
