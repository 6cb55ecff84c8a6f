import { readTeam } from "../../../teams/teams.server";
import { defineOperation } from "../operation.server";
import { detailReply } from "./shared.server";

const roles =
  "Owners and admins invite, remove and change roles; the owner also renames, hands over and deletes the team; members read it. Anyone not in the team gets 404.";

export const readTeamOperation = defineOperation({
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
});
