import { withdrawInvitation } from "../../../teams/invitations.server";
import { defineOperation } from "../operation.server";

export const withdrawInvitationOperation = defineOperation({
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
});
