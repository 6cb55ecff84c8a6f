import { z } from "zod";
import { teamSummarySchema } from "#domain/teams";
import { listTeams } from "../../../teams/teams.server";
import { defineOperation } from "../operation.server";

export const listTeamsOperation = defineOperation({
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
});
