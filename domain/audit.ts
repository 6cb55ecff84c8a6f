import { z } from "zod";

/** What an operator can do that the audit log records. */
export const auditActions = [
  "credits.granted",
  "credits.taken",
  "account.disabled",
  "account.enabled",
  "account.deleted",
  "instance.settings_changed",
] as const;
export type AuditAction = (typeof auditActions)[number];

/** One line of the audit log, as the operator console shows it. */
export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    actor: z.object({ id: z.string(), email: z.string() }),
    action: z.enum(auditActions),
    subject: z.object({ id: z.string().nullable(), email: z.string().nullable() }),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    reason: z.string().nullable(),
    createdAt: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "AuditEntry", description: "An operator's action: who, what, to whom, before → after, and why." });
export type AuditEntry = z.output<typeof auditEntrySchema>;

export const CREDIT_ADJUST_MAX = 1_000_000;

export const accountDisabledMessage = "This account is disabled. Ask the person who runs this Motif.";
