import { describe, expect, it } from "vitest";
import type { AuditEntry } from "#domain/audit";
import { auditChanges, auditLine } from "~/lib/words/audit-words";

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  actor: { id: "op", email: "op@example.com" },
  action: "credits.granted",
  subject: { id: "u1", email: "dan@example.com" },
  before: null,
  after: null,
  reason: "Because",
  createdAt: "2026-11-27T10:00:00.000Z",
  ...over,
});

describe("audit lines in words", () => {
  it("says what was done to whom", () => {
    expect(auditLine(entry({}))).toBe("Gave credits to dan@example.com");
    expect(auditLine(entry({ action: "credits.taken", before: { credits: 300 }, after: { credits: 50 } }))).toBe(
      "Took 250 credits from dan@example.com",
    );
    expect(auditLine(entry({ action: "account.deleted" }))).toBe("Deleted dan@example.com");
    expect(auditLine(entry({ action: "instance.settings_changed", subject: { id: null, email: null } }))).toBe(
      "Changed the instance's settings",
    );
  });

  it("lists only the fields that moved, before → after, in words", () => {
    const changed = entry({
      action: "instance.settings_changed",
      before: { signupPolicy: "open", signupDomains: [], announcement: "", signupGrant: 100 },
      after: { signupPolicy: "domains", signupDomains: ["studio.example"], announcement: "Hello", signupGrant: 100 },
    });
    expect(auditChanges(changed)).toEqual([
      { label: "Sign-ups", before: "Open to anyone", after: "Addresses at listed domains" },
      { label: "Domains", before: "none", after: "studio.example" },
      { label: "Announcement", before: "none", after: "“Hello”" },
    ]);
    expect(auditChanges(entry({ before: { credits: 10, debt: 0 }, after: { credits: 1010, debt: 0 } }))).toEqual([
      { label: "Balance", before: "10", after: "1,010" },
    ]);
  });
});
