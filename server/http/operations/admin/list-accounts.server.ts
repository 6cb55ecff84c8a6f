import { listUsersQuerySchema, operatorUsersReply, USERS_PAGE } from "#domain/operator-users";
import { listAccounts } from "../../../operator/user-directory.server";
import { defineOperation } from "../operation.server";

export const listAccountsOperation = defineOperation({
  method: "get",
  path: "/api/admin/users",
  tag: "Operator",
  summary: "List accounts",
  description: `The instance's accounts, ${USERS_PAGE} a page: searched by address, sorted by newest, address, balance or last activity, each with its balance, debt, images made and last activity. Operators only (404 for everyone else).`,
  access: "operator",
  query: listUsersQuerySchema,
  responses: { 200: { description: "A page of accounts.", json: operatorUsersReply } },
  async handle({ services, query }) {
    const { users, total } = await listAccounts(services.database.db, query);
    return { status: 200, body: { users, total, page: query.page, pageSize: USERS_PAGE } };
  },
});
