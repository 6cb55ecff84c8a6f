import { z } from "zod";
import { INVITATION_TTL_DAYS, INVITATIONS_PER_HOUR, teamInvitationSchema } from "#domain/teams";
import { inviteSchema } from "#domain/requests/teams";
import { hitRateLimit } from "../../../auth/rate-limit.server";
import { getLogger } from "../../../logger.server";
import { teamInvitationEmail } from "../../../mail/team-invitation-email.server";
import { inviteToTeam } from "../../../teams/invitations.server";
import { AppError } from "../../errors.server";
import { signInLinkOrigin } from "../../origin-check.server";
import { defineOperation } from "../operation.server";

export const inviteByEmailOperation = defineOperation({
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
});
