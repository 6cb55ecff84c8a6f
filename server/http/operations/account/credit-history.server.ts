import { creditHistoryPageSchema, creditHistoryQuerySchema } from "#domain/credits";
import { listCreditHistory } from "../../../credits/history.server";
import { defineOperation } from "../operation.server";

export const creditHistoryOperation = defineOperation({
  method: "get",
  path: "/api/users/me/credits",
  tag: "Account",
  summary: "Your credit history",
  description: "Every grant, charge and refund, newest first; `before` pages back.",
  access: "user",
  query: creditHistoryQuerySchema,
  responses: { 200: { description: "A page of the ledger.", json: creditHistoryPageSchema } },
  async handle({ services, user, query }) {
    const page = await listCreditHistory(services.database.db, {
      workspaceId: user.workspace.id,
      before: query.before,
    });
    return { status: 200, body: page };
  },
});
