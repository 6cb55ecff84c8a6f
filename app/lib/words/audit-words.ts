import type { AuditEntry } from "#domain/audit";
import { creditCount } from "#domain/credit-words";
import { signupPolicyLabels, type SignupPolicy } from "#domain/instance-settings";
import { formatCount } from "#domain/count-words";

/** An audit line as a sentence: "Gave 250 credits to dan@example.com". */
export function auditLine(entry: AuditEntry): string {
  const who = entry.subject.email ?? "an account";
  const moved = Math.abs(Number(entry.after?.credits ?? 0) - Number(entry.before?.credits ?? 0));
  switch (entry.action) {
    case "credits.granted":
      return `Gave credits to ${who}`;
    case "credits.taken":
      return `Took ${creditCount(moved)} from ${who}`;
    case "account.disabled":
      return `Disabled ${who}`;
    case "account.enabled":
      return `Enabled ${who}`;
    case "account.deleted":
      return `Deleted ${who}`;
    case "instance.settings_changed":
      return "Changed the instance's settings";
  }
}

const settingLabels: Record<string, string> = {
  credits: "Balance",
  debt: "Owes",
  disabled: "Disabled",
  exists: "Account",
  signupPolicy: "Sign-ups",
  signupDomains: "Domains",
  signupGrant: "Sign-up credits",
  announcement: "Announcement",
};

function valueText(name: string, value: unknown): string {
  if (value === undefined || value === null) return "—";
  if (name === "signupPolicy") return signupPolicyLabels[value as SignupPolicy] ?? String(value);
  if (name === "exists") return value ? "exists" : "deleted";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return formatCount(value);
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.join(", ");
  if (value === "") return "none";
  return typeof value === "string" ? `“${value}”` : JSON.stringify(value);
}

/** What an audit line changed, field by field, in words: only the fields whose value moved. */
export function auditChanges(entry: AuditEntry): { label: string; before: string; after: string }[] {
  const names = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]);
  return [...names]
    .filter((name) => JSON.stringify(entry.before?.[name]) !== JSON.stringify(entry.after?.[name]))
    .map((name) => ({
      label: settingLabels[name] ?? name,
      before: valueText(name, entry.before?.[name]),
      after: valueText(name, entry.after?.[name]),
    }));
}
