import { eq } from "drizzle-orm";
import type { AuditEntry } from "#domain/audit";
import { AppError } from "#domain/errors";
import type { Database } from "../db/client.server";
import { authUsers, sessions } from "../db/schema";
import { announceSessionsEnded } from "../events/events.server";
import { writeAuditLine, type Actor } from "./audit-log.server";

/**
 * An operator disables (or enables again) an account, with a reason. Disabling ends every session
 * of it at once (its open pages are signed out, its event streams end, in every process), refuses
 * its sign-ins and its API keys; nothing it made is removed. Written to the audit log; asking for
 * the state it is already in changes nothing and writes no line.
 */
export async function setAccountDisabled(
  db: Database,
  options: { actor: Actor; userId: string; disabled: boolean; reason: string },
): Promise<{ disabled: boolean; entry: AuditEntry | null }> {
  const { actor, userId, disabled, reason } = options;
  if (disabled && userId === actor.id) throw new AppError("conflict", "You cannot disable your own account.");
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ email: authUsers.email, disabledAt: authUsers.disabledAt })
      .from(authUsers)
      .where(eq(authUsers.id, userId))
      .for("update");
    if (!account) throw new AppError("not_found", "No such account.");
    const was = account.disabledAt !== null;
    if (was === disabled) return { disabled, entry: null };
    await tx
      .update(authUsers)
      .set({ disabledAt: disabled ? new Date() : null })
      .where(eq(authUsers.id, userId));
    if (disabled) {
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      await announceSessionsEnded(tx, userId);
    }
    const entry = await writeAuditLine(tx, {
      actor,
      action: disabled ? "account.disabled" : "account.enabled",
      subject: { id: userId, email: account.email },
      before: { disabled: was },
      after: { disabled },
      reason,
    });
    return { disabled, entry };
  });
}
