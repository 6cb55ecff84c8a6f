import { transferSchema } from "#domain/requests/teams";
import { transferOwnership } from "../../../teams/team-members.server";
import { readTeam } from "../../../teams/teams.server";
import { defineOperation } from "../operation.server";
import { detailReply } from "./shared.server";

export const handTeamOverOperation = defineOperation({
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
});
