import { desc, lt } from "drizzle-orm";
import type { AuditEntry } from "#domain/audit";
import type { Transaction } from "../credits/credits.server";
import type { Database } from "../db/client.server";
import { auditLog } from "../db/schema";

export const AUDIT_PAGE = 100;

export function presentAuditEntry(row: typeof auditLog.$inferSelect): AuditEntry {
  return {
    id: row.id,
    actor: { id: row.actorId, email: row.actorEmail },
    action: row.action,
    subject: { id: row.subjectId, email: row.subjectEmail },
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Who acts: the operator signed in. */
export interface Actor {
  id: string;
  email: string;
}

/** Writes one line, inside the transaction that made the change it records. */
export async function writeAuditLine(
  tx: Transaction,
  line: {
    actor: Actor;
    action: AuditEntry["action"];
    /** Whom it was done to; null for what concerns the whole instance (its settings). */
    subject: { id: string; email: string } | null;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    reason: string | null;
  },
): Promise<AuditEntry> {
  const [row] = await tx
    .insert(auditLog)
    .values({
      actorId: line.actor.id,
      actorEmail: line.actor.email,
      action: line.action,
      subjectId: line.subject?.id ?? null,
      subjectEmail: line.subject?.email ?? null,
      before: line.before,
      after: line.after,
      reason: line.reason,
    })
    .returning();
  return presentAuditEntry(row!);
}

/** The newest lines of the audit log (before the line `before`, for the next page). */
export async function readAuditLog(db: Database, options: { before?: number } = {}) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(options.before ? lt(auditLog.id, options.before) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE);
  return { entries: rows.map(presentAuditEntry), nextBefore: rows.length === AUDIT_PAGE ? rows.at(-1)!.id : null };
}
