import { desc, lt } from "drizzle-orm";
import type { AuditEntry } from "#domain/audit";
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
