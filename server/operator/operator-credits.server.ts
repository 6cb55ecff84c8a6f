import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { AuditEntry } from "#domain/audit";
import type { AdjustCreditsInput } from "#domain/requests/audit";
import { AppError } from "#domain/errors";
import { publishBalance } from "../credits/credits.server";
import { grantCreditsWithin, takeBackCreditsWithin } from "../credits/ledger.server";
import type { Database } from "../db/client.server";
import { authUsers, teams, workspaceBalances } from "../db/schema";
import { writeAuditLine, type Actor } from "./audit-log.server";

/**
 * An operator gives (amount > 0) or takes (amount < 0) credits, with a reason, while the server
 * runs, on either database: through the ledger (reason admin_adjust; a grant settles a debt first),
 * its reason kept on the ledger line for the person's history, and written to the audit log with the balance before and after, in one transaction. A take never
 * goes below zero: more than the balance holds is refused. `userId` names a workspace: a person's
 * own (`holder` "account") or a team's ("team"), whose members spend it.
 */
export async function adjustCredits(
  db: Database,
  options: { actor: Actor; userId: string; input: AdjustCreditsInput; holder?: "account" | "team" },
): Promise<{ credits: number; debt: number; entry: AuditEntry }> {
  const { actor, userId, input } = options;
  const team = options.holder === "team";
  const missing = team ? "No such team." : "No such account.";
  const result = await db.transaction(async (tx) => {
    const [account] = await tx
      .select({
        email: team ? sql<string>`'team “' || ${teams.name} || '”'` : authUsers.email,
        credits: workspaceBalances.credits,
        debt: workspaceBalances.creditDebt,
      })
      .from(workspaceBalances)
      .innerJoin(team ? teams : authUsers, eq(team ? teams.id : authUsers.id, workspaceBalances.id))
      .where(eq(workspaceBalances.id, userId))
      .for("update", { of: workspaceBalances });
    if (!account) throw new AppError("not_found", missing);
    const taking = input.amount < 0;
    if (taking && -input.amount > account.credits) {
      throw new AppError(
        "conflict",
        `This ${team ? "team" : "account"} has ${account.credits} credits: take at most that many. Nothing was taken.`,
      );
    }
    const movement = {
      workspaceId: userId,
      reason: "admin_adjust" as const,
      ref: `admin:${randomUUID()}`,
      note: input.reason,
    };
    const after = taking
      ? await takeBackCreditsWithin(tx, { ...movement, amount: -input.amount })
      : await grantCreditsWithin(tx, { ...movement, amount: input.amount });
    if (!after) throw new AppError("not_found", missing);
    const entry = await writeAuditLine(tx, {
      actor,
      action: taking ? "credits.taken" : "credits.granted",
      subject: { id: userId, email: account.email },
      before: { credits: account.credits, debt: account.debt },
      after: { credits: after.credits, debt: after.debt },
      reason: input.reason,
    });
    return { ...after, entry };
  });
  await publishBalance(db, userId);
  return result;
}
