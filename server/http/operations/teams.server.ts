import { z } from "zod";
import {
  changeMemberSchema,
  createTeamSchema,
  INVITATION_TTL_DAYS,
  INVITATIONS_PER_HOUR,
  invitationPreviewSchema,
  invitationTokenSchema,
  inviteSchema,
  renameTeamSchema,
  teamDetailSchema,
  teamInvitationSchema,
  teamSummarySchema,
  transferSchema,
} from "#domain/teams";
import { hitRateLimit } from "../../auth/rate-limit.server";
import { getLogger } from "../../logger.server";
import { teamInvitationEmail } from "../../mail/team-invitation-email.server";
import { acceptInvitation, inviteToTeam, previewInvitation, withdrawInvitation } from "../../teams/invitations.server";
import { changeMember, removeMember, transferOwnership } from "../../teams/team-members.server";
import { createTeam, deleteTeam, listTeams, readTeam, renameTeam } from "../../teams/teams.server";
import { userFolder } from "../../storage/folders.server";
import { AppError } from "../errors.server";
import { signInLinkOrigin } from "../origin-check.server";
import { defineOperation } from "./operation.server";

const detailReply = z.object({ team: teamDetailSchema });
const roles =
  "Owners and admins invite, remove and change roles; the owner also renames, hands over and deletes the team; members read it. Anyone not in the team gets 404.";

/** Teams: made, read, renamed and deleted; their members and invitations. Browser sessions only. */
export const teamOperations = [
  defineOperation({
    method: "get",
    path: "/api/teams",
    tag: "Teams",
    summary: "List your teams",
    access: "session",
    responses: {
      200: {
        description: "The teams you are in, with your role.",
        json: z.object({ teams: z.array(teamSummarySchema) }),
      },
    },
    async handle({ services, user }) {
      return { status: 200, body: { teams: await listTeams(services.database.db, user.id) } };
    },
  }),
  defineOperation({
    method: "post",
    path: "/api/teams",
    tag: "Teams",
    summary: "Make a team",
    description: "You are its owner.",
    access: "session",
    json: createTeamSchema,
    errors: [409],
    responses: { 201: { description: "The new team.", json: z.object({ team: teamSummarySchema }) } },
    async handle({ services, user, body }) {
      return {
        status: 201,
        body: { team: await createTeam(services.database.db, { userId: user.id, name: body.name }) },
      };
    },
  }),
  defineOperation({
    method: "get",
    path: "/api/teams/:id",
    tag: "Teams",
    summary: "Read a team",
    description: `Its members, and (to owners and admins) its pending invitations. ${roles}`,
    access: "session",
    responses: { 200: { description: "The team.", json: detailReply } },
    async handle({ services, user, params }) {
      return {
        status: 200,
        body: { team: await readTeam(services.database.db, { teamId: params.id, userId: user.id }) },
      };
    },
  }),
  defineOperation({
    method: "patch",
    path: "/api/teams/:id",
    tag: "Teams",
    summary: "Rename a team",
    access: "session",
    json: renameTeamSchema,
    errors: [403],
    responses: { 200: { description: "The team.", json: detailReply } },
    async handle({ services, user, params, body }) {
      const team = await renameTeam(services.database.db, { teamId: params.id, userId: user.id, name: body.name });
      return { status: 200, body: { team } };
    },
  }),
  defineOperation({
    method: "delete",
    path: "/api/teams/:id",
    tag: "Teams",
    summary: "Delete a team",
    description: "The owner only: its members and invitations go with it.",
    access: "session",
    errors: [403],
    responses: { 204: { description: "Deleted." } },
    async handle({ services, user, params }) {
      await deleteTeam(services.database.db, { teamId: params.id, userId: user.id });
      await services.storage.deletePrefix(userFolder(params.id));
      return { status: 204 };
    },
  }),
  defineOperation({
    method: "post",
    path: "/api/teams/:id/invitations",
    tag: "Teams",
    summary: "Invite someone by e-mail",
    description: `Sends a link that works once, for that address, for ${INVITATION_TTL_DAYS} days; inviting the address again replaces it. Someone without an account makes one with the link, even when sign-ups are by invitation. Owners and admins.`,
    access: "session",
    json: inviteSchema,
    errors: [403, 409, 429],
    responses: { 201: { description: "The invitation (sent).", json: z.object({ invitation: teamInvitationSchema }) } },
    async handle({ req, services, user, params, body }) {
      // Invitations are e-mail to anyone: a team sends at most so many an hour, so none is a spam cannon.
      const sent = await hitRateLimit({
        db: services.database.db,
        key: `invite:team:${params.id}`,
        limit: INVITATIONS_PER_HOUR,
        windowMs: 3_600_000,
      });
      if (!sent.allowed)
        throw new AppError(
          "rate_limited",
          `A team can send ${INVITATIONS_PER_HOUR} invitations an hour. Please try again later.`,
          {},
          { "Retry-After": String(sent.retryAfterSeconds) },
        );
      const made = await inviteToTeam(services.database.db, { teamId: params.id, userId: user.id, ...body });
      const link = new URL("/invite", signInLinkOrigin(services.config, req.get("Origin")));
      link.searchParams.set("token", made.token);
      const message = teamInvitationEmail({
        to: made.invitation.email,
        team: made.team.name,
        inviter: made.inviter,
        link: link.href,
        ttlDays: INVITATION_TTL_DAYS,
      });
      services.mailer.send(message).catch((error) => getLogger().error({ err: error }, "sending an invitation failed"));
      return { status: 201, body: { invitation: made.invitation } };
    },
  }),
  defineOperation({
    method: "delete",
    path: "/api/teams/:id/invitations/:invitationId",
    tag: "Teams",
    summary: "Withdraw an invitation",
    access: "session",
    errors: [403],
    responses: { 204: { description: "Withdrawn: its link no longer works." } },
    async handle({ services, user, params }) {
      await withdrawInvitation(services.database.db, {
        teamId: params.id,
        userId: user.id,
        invitationId: params.invitationId,
      });
      return { status: 204 };
    },
  }),
  defineOperation({
    method: "patch",
    path: "/api/teams/:id/members/:userId",
    tag: "Teams",
    summary: "Change a member's role or monthly limit",
    description:
      "The role between admin and member (the owner's role changes only by a hand-over: 409), and the credits they may spend from the team's balance each calendar month (UTC; null: no limit). Owners and admins; the owner sets admins' and members' limits, admins set members' (403), and the owner has none (409).",
    access: "session",
    json: changeMemberSchema,
    errors: [403, 409],
    responses: { 200: { description: "The team.", json: detailReply } },
    async handle({ services, user, params, body }) {
      const { db } = services.database;
      await changeMember(db, { teamId: params.id, userId: user.id, memberId: params.userId, ...body });
      return { status: 200, body: { team: await readTeam(db, { teamId: params.id, userId: user.id }) } };
    },
  }),
  defineOperation({
    method: "delete",
    path: "/api/teams/:id/members/:userId",
    tag: "Teams",
    summary: "Remove a member, or leave",
    description:
      "Owners and admins remove others; anyone but the owner can remove themselves (leave). The owner hands the team over first (409). Access ends at once.",
    access: "session",
    errors: [403, 409],
    responses: { 204: { description: "Removed." } },
    async handle({ services, user, params }) {
      await removeMember(services.database.db, { teamId: params.id, userId: user.id, memberId: params.userId });
      return { status: 204 };
    },
  }),
  defineOperation({
    method: "post",
    path: "/api/teams/:id/transfer",
    tag: "Teams",
    summary: "Hand the team over",
    description: "The owner makes another member the owner, and stays on as an admin.",
    access: "session",
    json: transferSchema,
    errors: [403, 409],
    responses: { 200: { description: "The team.", json: detailReply } },
    async handle({ services, user, params, body }) {
      const { db } = services.database;
      await transferOwnership(db, { teamId: params.id, userId: user.id, newOwnerId: body.userId });
      return { status: 200, body: { team: await readTeam(db, { teamId: params.id, userId: user.id }) } };
    },
  }),
  defineOperation({
    method: "post",
    path: "/api/invitations/preview",
    tag: "Teams",
    summary: "Read an invitation",
    description: "What the invitation's page shows before it is accepted: the team, the address it is for, its state.",
    access: "public",
    json: invitationTokenSchema,
    errors: [404],
    responses: { 200: { description: "The invitation.", json: z.object({ invitation: invitationPreviewSchema }) } },
    async handle({ services, body }) {
      return { status: 200, body: { invitation: await previewInvitation(services.database.db, body.token) } };
    },
  }),
  defineOperation({
    method: "post",
    path: "/api/invitations/accept",
    tag: "Teams",
    summary: "Accept an invitation",
    description:
      "Signed in with the address it was sent to (403 otherwise): you join the team in the invitation's role. Used or expired: 409.",
    access: "session",
    json: invitationTokenSchema,
    errors: [403, 404, 409],
    responses: { 200: { description: "Joined.", json: z.object({ teamId: z.string(), team: z.string() }) } },
    async handle({ services, user, body }) {
      return { status: 200, body: await acceptInvitation(services.database.db, { token: body.token, user }) };
    },
  }),
];
