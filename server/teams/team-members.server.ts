import { and, eq } from "drizzle-orm";
import { AppError } from "#domain/errors";
import { limitRefusal, type TeamRole } from "#domain/teams";
import type { Database } from "../db/client.server";
import { teamMembers } from "../db/schema";
import { announceSessionsEnded } from "../events/events.server";
import { withdrawInvitationsSentBy } from "./invitations.server";
import { lockTeamFor, roleIn } from "./membership.server";

async function targetRole(tx: Parameters<typeof roleIn>[0], teamId: string, userId: string): Promise<TeamRole> {
  try {
    return await roleIn(tx, teamId, userId);
  } catch {
    throw new AppError("not_found", "That person is not in this team.");
  }
}

/**
 * An owner or admin makes a member an admin or an admin a member, or sets what someone may spend
 * of the team's balance a month (null: no limit; who may set whose: limitRefusal). The owner's role
 * changes only by a transfer.
 */
export async function changeMember(
  db: Database,
  options: {
    teamId: string;
    userId: string;
    memberId: string;
    role?: "admin" | "member";
    monthlyLimit?: number | null;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { role: actor } = await lockTeamFor(tx, options.teamId, options.userId, "manage_members");
    const current = await targetRole(tx, options.teamId, options.memberId);
    if (options.role !== undefined && current === "owner")
      throw new AppError("conflict", "The owner's role changes only when they hand the team over.");
    const refused = options.monthlyLimit !== undefined ? limitRefusal(actor, current) : null;
    if (refused) throw new AppError(current === "owner" ? "conflict" : "forbidden", refused);
    await tx
      .update(teamMembers)
      .set({
        ...(options.role !== undefined ? { role: options.role } : {}),
        ...(options.monthlyLimit !== undefined ? { monthlyLimit: options.monthlyLimit } : {}),
      })
      .where(and(eq(teamMembers.teamId, options.teamId), eq(teamMembers.userId, options.memberId)));
    // A plain member invites no one: what they sent as an admin is withdrawn.
    if (options.role === "member")
      await withdrawInvitationsSentBy(tx, { teamId: options.teamId, userId: options.memberId });
  });
}

/**
 * Someone leaves the team: removed by an owner or admin, or leaving of their own accord. The owner
 * cannot leave or be removed (they hand the team over, or delete it). Their access ends at once:
 * every request asks the membership afresh, and their open event streams are ended.
 */
export async function removeMember(
  db: Database,
  options: { teamId: string; userId: string; memberId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const leaving = options.memberId === options.userId;
    // Leaving needs only membership; removing someone else, the right to manage members. Either way
    // the team's row is locked first, so a hand-over at the same moment cannot leave it without an owner.
    const { role } = await lockTeamFor(tx, options.teamId, options.userId, leaving ? "leave" : "manage_members");
    const target = leaving ? role : await targetRole(tx, options.teamId, options.memberId);
    if (target === "owner")
      throw new AppError(
        "conflict",
        leaving ? "Hand the team over to someone else before you leave it." : "The owner cannot be removed.",
      );
    await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, options.teamId), eq(teamMembers.userId, options.memberId)));
    await withdrawInvitationsSentBy(tx, { teamId: options.teamId, userId: options.memberId });
    // Their open event streams in the team's workspace end when this commits, in every process.
    await announceSessionsEnded(tx, options.teamId);
  });
}

/** The owner hands the team to another member, and stays on as an admin. */
export async function transferOwnership(
  db: Database,
  options: { teamId: string; userId: string; newOwnerId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTeamFor(tx, options.teamId, options.userId, "transfer");
    if (options.newOwnerId === options.userId) throw new AppError("conflict", "You already own this team.");
    await targetRole(tx, options.teamId, options.newOwnerId);
    // The old owner steps down first: the one-owner index holds at every statement.
    await tx
      .update(teamMembers)
      .set({ role: "admin" })
      .where(and(eq(teamMembers.teamId, options.teamId), eq(teamMembers.userId, options.userId)));
    await tx
      .update(teamMembers)
      .set({ role: "owner" })
      .where(and(eq(teamMembers.teamId, options.teamId), eq(teamMembers.userId, options.newOwnerId)));
  });
}
