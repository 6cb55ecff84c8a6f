import { and, eq, gte, notInArray, sql } from "drizzle-orm";
import { AppError } from "#domain/errors";
import { memberLimitMessage, notInTeamMessage } from "#domain/teams";
import type { Database } from "../db/client.server";
import { creditLedger, generationJobs, teamMembers } from "../db/schema";
import type { Transaction } from "./credits.server";
import { monthStart } from "./key-spending.server";

/** Out of a team between choosing it and paying: nothing is charged. */
export const notInTeamAnymore = () => new AppError("unauthorized", notInTeamMessage);

/**
 * Credits each member spent from the team workspace's balance since `since` (only `memberId`'s,
 * when given): the jobs they started there less what those refunded, and the direct charges (a
 * background removal) they made.
 */
export async function spentByMembers(
  db: Database | Transaction,
  options: { workspaceId: string; since: Date; memberId?: string },
): Promise<Map<string, number>> {
  const { workspaceId, since, memberId } = options;
  const jobs = await db
    .select({
      memberId: generationJobs.createdBy,
      spent: sql<number>`coalesce(sum(${generationJobs.credits} - ${generationJobs.refundedCredits}), 0)::int`,
    })
    .from(generationJobs)
    .where(
      and(
        eq(generationJobs.ownerId, workspaceId),
        memberId ? eq(generationJobs.createdBy, memberId) : undefined,
        gte(generationJobs.createdAt, since),
      ),
    )
    .groupBy(generationJobs.createdBy);
  const direct = await db
    .select({ memberId: creditLedger.memberId, spent: sql<number>`coalesce(-sum(${creditLedger.delta}), 0)::int` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.workspaceId, workspaceId),
        memberId ? eq(creditLedger.memberId, memberId) : undefined,
        notInArray(creditLedger.reason, ["generation_reserve", "generation_refund"]),
        gte(creditLedger.createdAt, since),
      ),
    )
    .groupBy(creditLedger.memberId);
  const spent = new Map<string, number>();
  for (const row of [...jobs, ...direct])
    if (row.memberId) spent.set(row.memberId, (spent.get(row.memberId) ?? 0) + Number(row.spent));
  return spent;
}

/**
 * Inside the transaction that spends `price` from a team's balance for one of its members: refuses
 * when the member has left, or when their monthly limit would be passed. Their membership row is
 * locked first, so two requests at once cannot both squeeze under the limit. Spending in one's own
 * workspace passes.
 */
export async function assertWithinMemberLimit(
  tx: Transaction,
  options: { workspaceId: string; memberId: string; price: number },
): Promise<void> {
  const { workspaceId, memberId, price } = options;
  if (workspaceId === memberId) return;
  const [member] = await tx
    .select({ limit: teamMembers.monthlyLimit })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, workspaceId), eq(teamMembers.userId, memberId)))
    .for("update");
  if (!member) throw notInTeamAnymore();
  if (member.limit === null) return;
  const spent = (await spentByMembers(tx, { workspaceId, memberId, since: monthStart() })).get(memberId) ?? 0;
  if (spent + price > member.limit) {
    throw new AppError("payment_required", memberLimitMessage(member.limit, spent, price), {
      limit: member.limit,
      spent,
      price,
    });
  }
}
