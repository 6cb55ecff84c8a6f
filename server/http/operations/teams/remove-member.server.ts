import { removeMember } from "../../../teams/team-members.server";
import { defineOperation } from "../operation.server";

export const removeMemberOperation = defineOperation({
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
});
