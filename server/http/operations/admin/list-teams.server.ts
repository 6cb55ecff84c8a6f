import { operatorTeamsReply } from "#domain/operator-users";
import { listTeamsForOperator } from "../../../operator/team-directory.server";
import { defineOperation } from "../operation.server";

export const listTeamsOperation = defineOperation({
  method: "get",
  path: "/api/admin/teams",
  tag: "Operator",
  summary: "List teams",
  description:
    "The instance's teams, newest first: each with its owner, members and balance (which its members spend). Operators only (404 for everyone else).",
  access: "operator",
  responses: { 200: { description: "The teams.", json: operatorTeamsReply } },
  async handle({ services }) {
    return { status: 200, body: { teams: await listTeamsForOperator(services.database.db) } };
  },
});
