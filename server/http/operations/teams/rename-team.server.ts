import { renameTeamSchema } from "#domain/requests/teams";
import { renameTeam } from "../../../teams/teams.server";
import { defineOperation } from "../operation.server";
import { detailReply } from "./shared.server";

export const renameTeamOperation = defineOperation({
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
});
