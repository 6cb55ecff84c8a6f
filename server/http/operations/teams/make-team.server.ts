import { z } from "zod";
import { teamSummarySchema } from "#domain/teams";
import { createTeamSchema } from "#domain/requests/teams";
import { createTeam } from "../../../teams/teams.server";
import { defineOperation } from "../operation.server";

export const makeTeamOperation = defineOperation({
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
});
