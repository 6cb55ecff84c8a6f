import { and, count, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import { AppError } from "#domain/errors";
import {
  INVITATION_TTL_DAYS,
  invitationMessages,
  TEAM_MEMBERS_MAX,
  teamPermits,
  type InvitationPreview,
  type TeamInvitation,
} from "#domain/teams";
import { hashToken, normalizeEmail, randomToken } from "../auth/tokens.server";
import type { Database } from "../db/client.server";
import { authUsers, teamInvitations, teamMembers, teams } from "../db/schema";
import { lockTeamFor } from "./membership.server";
import type { Transaction } from "../credits/credits.server";

const DAY_MS = 86_400_000;

/** A team's invitations not yet used, narrowed by `which`. */
const pendingIn = (teamId: string, which: SQL) =>
  and(eq(teamInvitations.teamId, teamId), isNull(teamInvitations.acceptedAt), which);

async function memberCount(tx: Transaction, teamId: string): Promise<number> {
  const [size] = await tx.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return size?.n ?? 0;
}

/**
 * An owner or admin invites an address: a new link (a random token; only its hash is kept) that
 * works once, for that address, for INVITATION_TTL_DAYS. Inviting the same address again replaces
 * the earlier link, so only the newest one works.
 */
export async function inviteToTeam(
  db: Database,
  options: { teamId: string; userId: string; email: string; role: "admin" | "member"; now?: Date },
): Promise<{ invitation: TeamInvitation; token: string; team: { id: string; name: string }; inviter: string }> {
  const email = normalizeEmail(options.email);
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const { team } = await lockTeamFor(tx, options.teamId, options.userId, "manage_members");
    const [inMember] = await tx
      .select({ id: teamMembers.userId })
      .from(teamMembers)
      .innerJoin(authUsers, eq(authUsers.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, options.teamId), eq(authUsers.email, email)));
    if (inMember) throw new AppError("conflict", "That address is already in this team.");
    if ((await memberCount(tx, options.teamId)) >= TEAM_MEMBERS_MAX)
      throw new AppError("conflict", invitationMessages.full);
    await tx.delete(teamInvitations).where(pendingIn(options.teamId, eq(teamInvitations.email, email)));
    const token = randomToken();
    const [row] = await tx
      .insert(teamInvitations)
      .values({
        id: `inv_${randomToken().slice(0, 20)}`,
        teamId: options.teamId,
        email,
        role: options.role,
        tokenHash: hashToken(token),
        invitedBy: options.userId,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
      })
      .returning();
    const [inviter] = await tx
      .select({ email: authUsers.email })
      .from(authUsers)
      .where(eq(authUsers.id, options.userId));
    return {
      token,
      team,
      inviter: inviter!.email,
      invitation: {
        id: row!.id,
        email,
        role: row!.role,
        invitedBy: inviter!.email,
        createdAt: row!.createdAt.toISOString(),
        expiresAt: row!.expiresAt.toISOString(),
      },
    };
  });
}

/** An owner or admin withdraws a pending invitation: its link stops working. */
export async function withdrawInvitation(
  db: Database,
  options: { teamId: string; userId: string; invitationId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTeamFor(tx, options.teamId, options.userId, "manage_members");
    const gone = await tx
      .delete(teamInvitations)
      .where(pendingIn(options.teamId, eq(teamInvitations.id, options.invitationId)))
      .returning({ id: teamInvitations.id });
    if (gone.length === 0) throw new AppError("not_found", "No such pending invitation.");
  });
}

/**
 * The invitation a link's token names, with its team and who sent it; `lock` holds its row to the
 * transaction's end. A pending invitation lives only while its sender may still invite: sent by
 * someone who has since left the team (or their account), or become a plain member, it is withdrawn.
 */
async function invitationByToken(db: Pick<Database, "select">, token: string, lock = false) {
  const query = db
    .select({ invitation: teamInvitations, team: teams.name, inviter: authUsers.email, inviterRole: teamMembers.role })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .leftJoin(authUsers, eq(authUsers.id, teamInvitations.invitedBy))
    .leftJoin(
      teamMembers,
      and(eq(teamMembers.teamId, teamInvitations.teamId), eq(teamMembers.userId, teamInvitations.invitedBy)),
    )
    .where(eq(teamInvitations.tokenHash, hashToken(token)));
  const [row] = lock ? await query.for("update", { of: teamInvitations }) : await query;
  const senderMayInvite = row?.inviterRole != null && teamPermits(row.inviterRole, "manage_members");
  if (!row || (!row.invitation.acceptedAt && !senderMayInvite))
    throw new AppError("not_found", invitationMessages.notFound);
  return row;
}

/** Withdraws the pending invitations `userId` sent, when they leave the team or stop managing it. */
export async function withdrawInvitationsSentBy(tx: Transaction, options: { teamId: string; userId: string }) {
  await tx.delete(teamInvitations).where(pendingIn(options.teamId, eq(teamInvitations.invitedBy, options.userId)));
}

const statusOf = (invitation: typeof teamInvitations.$inferSelect, now: Date) =>
  invitation.acceptedAt ? "accepted" : invitation.expiresAt <= now ? "expired" : "pending";

/** What the invitation's page shows: the team, the address it is for, and whether it can still be used. */
export async function previewInvitation(db: Database, token: string, now = new Date()): Promise<InvitationPreview> {
  const { invitation, team, inviter } = await invitationByToken(db, token);
  return {
    team,
    email: invitation.email,
    role: invitation.role,
    invitedBy: inviter,
    status: statusOf(invitation, now),
  };
}

/**
 * The invited person accepts, signed in with the address the invitation was sent to: they join the
 * team in the invitation's role. Used once: a second acceptance (even at the same moment) is refused.
 */
export async function acceptInvitation(
  db: Database,
  options: { token: string; user: { id: string; email: string }; now?: Date },
): Promise<{ teamId: string; team: string }> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    // The team's row first, as inviting and removing lock it, then the invitation's.
    const { invitation: named } = await invitationByToken(tx, options.token);
    await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, named.teamId)).for("update");
    const { invitation: locked, team } = await invitationByToken(tx, options.token, true);
    const status = statusOf(locked, now);
    if (status === "accepted") throw new AppError("conflict", invitationMessages.used, { reason: "used" });
    if (status === "expired") throw new AppError("conflict", invitationMessages.expired, { reason: "expired" });
    if (normalizeEmail(options.user.email) !== locked.email)
      throw new AppError("forbidden", invitationMessages.wrongAddress);
    // Pending invitations may outnumber the places left: the cap holds when they are used.
    if ((await memberCount(tx, locked.teamId)) >= TEAM_MEMBERS_MAX)
      throw new AppError("conflict", invitationMessages.full, { reason: "full" });
    const joined = await tx
      .insert(teamMembers)
      .values({ teamId: locked.teamId, userId: options.user.id, role: locked.role })
      .onConflictDoNothing()
      .returning();
    if (joined.length === 0) throw new AppError("conflict", invitationMessages.alreadyMember, { reason: "member" });
    await tx
      .update(teamInvitations)
      .set({ acceptedAt: now, acceptedBy: options.user.id })
      .where(eq(teamInvitations.id, locked.id));
    return { teamId: locked.teamId, team };
  });
}

/** Whether `email` holds an invitation it can still accept (the invite-only sign-up policy lets it in). */
export async function hasPendingInvitation(db: Pick<Database, "select">, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.email, normalizeEmail(email)),
        isNull(teamInvitations.acceptedAt),
        gt(teamInvitations.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row !== undefined;
}
