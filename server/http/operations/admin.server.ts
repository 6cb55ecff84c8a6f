import { z } from "zod";
import { accountStatusSchema, adjustCreditsSchema, auditEntrySchema } from "#domain/audit";
import { listUsersQuerySchema, operatorUsersReply, USERS_PAGE } from "#domain/operator-users";
import { setAccountDisabled } from "../../operator/account-status.server";
import { readAuditLog } from "../../operator/audit-log.server";
import { adjustCredits } from "../../operator/operator-credits.server";
import { listAccounts } from "../../operator/user-directory.server";
import { defineOperation } from "./operation.server";

const adjustedReply = z.object({
  credits: z.number().int().meta({ description: "The account's balance now." }),
  debt: z.number().int().meta({ description: "What it still owes (a grant settles a debt first)." }),
  entry: auditEntrySchema,
});

const accountStatusReply = z.object({ disabled: z.boolean(), entry: auditEntrySchema.nullable() });

const auditReply = z.object({
  entries: z.array(auditEntrySchema),
  nextBefore: z.number().int().nullable().meta({ description: "Pass as `before` for older lines; null at the start." }),
});

/** The operator console: the instance's accounts, their credits, and the log of what operators did. */
export const adminOperations = [
  defineOperation({
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
  }),
  defineOperation({
    method: "post",
    path: "/api/admin/users/:id/credits",
    tag: "Operator",
    summary: "Give or take an account's credits",
    description:
      "Gives (`amount` > 0) or takes (`amount` < 0) credits, with a reason, through the ledger while the server runs: a grant settles a debt first; a take of more than the balance answers 409 and takes nothing. Written to the audit log with the balance before and after; the account's open pages see the new balance.",
    access: "operator",
    json: adjustCreditsSchema,
    errors: [409],
    responses: { 200: { description: "The new balance, and the audit line.", json: adjustedReply } },
    async handle({ services, user, params, body }) {
      const result = await adjustCredits(services.database.db, {
        actor: { id: user.id, email: user.email },
        userId: params.id,
        input: body,
      });
      return { status: 200, body: result };
    },
  }),
  defineOperation({
    method: "get",
    path: "/api/admin/audit",
    tag: "Operator",
    summary: "Read the audit log",
    description:
      "What operators did, newest first, 100 lines a page: who, what, to whom, before → after, and why. Nothing in the app can change or remove a line.",
    access: "operator",
    query: z.object({ before: z.coerce.number().int().min(1).optional() }),
    responses: { 200: { description: "A page of the log.", json: auditReply } },
    async handle({ services, query }) {
      return { status: 200, body: await readAuditLog(services.database.db, query) };
    },
  }),
  ...([true, false] as const).map((disabled) =>
    defineOperation({
      method: "post",
      path: disabled ? "/api/admin/users/:id/disable" : "/api/admin/users/:id/enable",
      tag: "Operator",
      summary: disabled ? "Disable an account" : "Enable an account again",
      description: disabled
        ? "With a reason: every session of the account ends at once (its open pages are signed out, its live streams end), its sign-ins and API keys are refused, and nothing it made is removed. An operator cannot disable their own account (409). Written to the audit log; disabling a disabled account changes nothing."
        : "With a reason: the account can sign in and use its API keys again. Written to the audit log; enabling an enabled account changes nothing.",
      access: "operator",
      json: accountStatusSchema,
      errors: [409],
      responses: {
        200: {
          description: "The account's state, and the audit line (null when nothing changed).",
          json: accountStatusReply,
        },
      },
      async handle({ services, user, params, body }) {
        const result = await setAccountDisabled(services.database.db, {
          actor: { id: user.id, email: user.email },
          userId: params.id,
          disabled,
          reason: body.reason,
        });
        // This process forgets the account's sessions at once; the others when the notice reaches them.
        if (disabled) services.sessions.forgetUser(params.id);
        return { status: 200, body: result };
      },
    }),
  ),
];
