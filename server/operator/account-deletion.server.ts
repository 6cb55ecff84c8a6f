import { eq } from "drizzle-orm";
import type { AuditEntry } from "#domain/audit";
import { AppError } from "#domain/errors";
import type { Database } from "../db/client.server";
import { workspaceBalances } from "../db/schema";
import { deleteAccountWithin } from "../users/users.server";
import { writeAuditLine, type Actor } from "./audit-log.server";

/**
 * An operator deletes an account, with a reason: everything it owns goes as when its owner deletes
 * it (sessions end everywhere at once), and the audit line, written in the same transaction, keeps
 * its address and balance. An operator deletes their own account from their settings, not here.
 */
export async function deleteAccountAsOperator(
  db: Database,
  options: { actor: Actor; userId: string; reason: string; addressHashSecret: string | undefined },
): Promise<{ entry: AuditEntry; teamsDeleted: string[] }> {
  const { actor, userId, reason } = options;
  if (userId === actor.id) throw new AppError("conflict", "Delete your own account from your settings.");
  return db.transaction(async (tx) => {
    const [record] = await tx
      .select({ credits: workspaceBalances.credits })
      .from(workspaceBalances)
      .where(eq(workspaceBalances.id, userId));
    const deleted = await deleteAccountWithin(tx, { userId, addressHashSecret: options.addressHashSecret });
    if (!deleted) throw new AppError("not_found", "No such account.");
    const entry = await writeAuditLine(tx, {
      actor,
      action: "account.deleted",
      subject: { id: userId, email: deleted.email },
      before: { exists: true, credits: record?.credits ?? 0 },
      after: { exists: false },
      reason,
    });
    return { entry, teamsDeleted: deleted.teamsDeleted };
  });
}
