import { deleteTeam } from "../../../teams/teams.server";
import { workspaceFolder } from "../../../storage/folders.server";
import { defineOperation } from "../operation.server";

export const deleteTeamOperation = defineOperation({
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
    await services.storage.deletePrefix(workspaceFolder(params.id));
    return { status: 204 };
  },
});
