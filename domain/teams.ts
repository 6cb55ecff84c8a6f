import { z } from "zod";

/** A member's part in a team. */
export const teamRoles = ["owner", "admin", "member"] as const;
export type TeamRole = (typeof teamRoles)[number];
/** What an invitation can make someone: an owner is made only by a transfer. */
export const invitableRoles = ["admin", "member"] as const;

export const teamRoleLabels: Record<TeamRole, string> = { owner: "Owner", admin: "Admin", member: "Member" };

/** How long an invitation's link works. */
export const INVITATION_TTL_DAYS = 7;
export const TEAM_NAME_MAX = 60;
export const TEAMS_PER_USER_MAX = 20;
export const TEAM_MEMBERS_MAX = 200;
/** Invitations a team may send an hour (each is an e-mail to someone). */
export const INVITATIONS_PER_HOUR = 50;

/** What each role may do in its team; everything else is refused (403), and non-members see nothing (404). */
export type TeamAction = "leave" | "manage_members" | "rename" | "transfer" | "delete";
const allowed: Record<TeamRole, readonly TeamAction[]> = {
  // The owner may not leave either, but hears why (hand the team over first) rather than a 403.
  owner: ["leave", "manage_members", "rename", "transfer", "delete"],
  admin: ["leave", "manage_members", "rename"],
  member: ["leave"],
};
export const teamPermits = (role: TeamRole, action: TeamAction) => allowed[role].includes(action);

/**
 * Who may set whose monthly limit: the owner sets admins' and members', admins set members'. The
 * owner has none, and no admin sets their own or another admin's (they could lift each other's).
 */
export function limitRefusal(actor: TeamRole, target: TeamRole): string | null {
  if (target === "owner") return "The owner's spending has no limit.";
  if (actor === "owner" || (actor === "admin" && target === "member")) return null;
  return actor === "admin" ? "Only the owner sets an admin's monthly limit." : "Only owners and admins set limits.";
}

export const teamSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    role: z.enum(teamRoles).meta({ description: "Your role in it." }),
    members: z.number().int(),
    createdAt: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "TeamSummary" });
export type TeamSummary = z.output<typeof teamSummarySchema>;

export const teamMemberSchema = z
  .object({
    userId: z.string(),
    email: z.string(),
    role: z.enum(teamRoles),
    joinedAt: z.string().meta({ format: "date-time" }),
    monthlyLimit: z.number().int().nullable().meta({ description: "Credits they may spend a month; null: no limit." }),
    spentThisMonth: z
      .number()
      .int()
      .meta({ description: "Credits they spent from the team's balance this month (UTC)." }),
  })
  .meta({ id: "TeamMember" });
export type TeamMember = z.output<typeof teamMemberSchema>;

export const invitationStatuses = ["pending", "accepted", "expired"] as const;

export const teamInvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(teamRoles),
    invitedBy: z.string().nullable().meta({ description: "Who sent it (their address), when still known." }),
    createdAt: z.string().meta({ format: "date-time" }),
    expiresAt: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "TeamInvitation" });
export type TeamInvitation = z.output<typeof teamInvitationSchema>;

export const teamDetailSchema = teamSummarySchema
  .extend({
    credits: z.number().int().meta({ description: "The team's balance, which its members spend." }),
    memberList: z.array(teamMemberSchema),
    invitations: z
      .array(teamInvitationSchema)
      .meta({ description: "Pending invitations: to owners and admins; empty for members." }),
  })
  .meta({ id: "TeamDetail" });
export type TeamDetail = z.output<typeof teamDetailSchema>;

/** What the invitation page shows before someone accepts. */
export const invitationPreviewSchema = z
  .object({
    team: z.string().meta({ description: "The team's name." }),
    email: z.string().meta({ description: "The address it was sent to: only that account can accept it." }),
    role: z.enum(teamRoles),
    invitedBy: z.string().nullable(),
    status: z.enum(invitationStatuses),
  })
  .meta({ id: "InvitationPreview" });
export type InvitationPreview = z.output<typeof invitationPreviewSchema>;

export const invitationMessages = {
  notFound: "This invitation does not exist or was withdrawn.",
  expired: "This invitation has expired. Ask for a new one.",
  used: "This invitation was already used.",
  wrongAddress: "This invitation was sent to another address. Sign in with that address to accept it.",
  alreadyMember: "You are already in this team.",
  full: `This team is full: a team has at most ${TEAM_MEMBERS_MAX} members.`,
} as const;

/** A request names a team its caller is no longer in (a stale choice, or a removal a moment ago). */
export const notInTeamMessage = "You are no longer in this team. Reload the page to go back to your own workspace.";

/** A member's spending from the team's balance would pass the monthly limit an owner or admin set. */
export function memberLimitMessage(limit: number, spent: number, price: number): string {
  return `Your monthly limit in this team is ${limit} credits; you have spent ${spent} this month and this needs ${price}. You were not charged.`;
}
