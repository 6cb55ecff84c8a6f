import { z } from "zod";
import { accountStatusSchema, adjustCreditsSchema, auditEntrySchema } from "#domain/audit";
import { instanceSettingsChangeSchema, instanceSettingsReply } from "#domain/instance-settings";
import { usageCsv } from "#domain/operator-usage-csv";
import { operatorUsageReply, usageQuerySchema } from "#domain/operator-usage";
import { listUsersQuerySchema, operatorTeamsReply, operatorUsersReply, USERS_PAGE } from "#domain/operator-users";
import { changeInstanceSettings, readInstanceSettings } from "../../instance/instance-settings.server";
import { deleteAccountAsOperator } from "../../operator/account-deletion.server";
import { setAccountDisabled } from "../../operator/account-status.server";
import { userFolder } from "../../storage/folders.server";
import { readAuditLog } from "../../operator/audit-log.server";
import { adjustCredits } from "../../operator/operator-credits.server";
import { readUsage } from "../../operator/usage.server";
import { listTeamsForOperator } from "../../operator/team-directory.server";
import { listAccounts } from "../../operator/user-directory.server";
import { defineOperation } from "./operation.server";

const adjustedReply = z.object({
  credits: z.number().int().meta({ description: "The account's balance now." }),
  debt: z.number().int().meta({ description: "What it still owes (a grant settles a debt first)." }),
  entry: auditEntrySchema,
});

const accountStatusReply = z.object({ disabled: z.boolean(), entry: auditEntrySchema.nullable() });

const deletedReply = z.object({ deleted: z.literal(true), entry: auditEntrySchema });

const settingsChangedReply = instanceSettingsReply.extend({
  entry: auditEntrySchema.nullable().meta({ description: "The audit line; null when nothing changed." }),
});

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
  ...(["account", "team"] as const).map((holder) =>
    defineOperation({
      method: "post",
      path: holder === "account" ? "/api/admin/users/:id/credits" : "/api/admin/teams/:id/credits",
      tag: "Operator",
      summary: holder === "account" ? "Give or take an account's credits" : "Give or take a team's credits",
      description:
        holder === "account"
          ? "Gives (`amount` > 0) or takes (`amount` < 0) credits, with a reason, through the ledger while the server runs: a grant settles a debt first; a take of more than the balance answers 409 and takes nothing. Written to the audit log with the balance before and after; the account's open pages see the new balance."
          : "The same as for an account, for a team's balance (its members spend it): through the ledger while the server runs, written to the audit log; the team's open pages see the new balance.",
      access: "operator",
      json: adjustCreditsSchema,
      errors: [409],
      responses: { 200: { description: "The new balance, and the audit line.", json: adjustedReply } },
      async handle({ services, user, params, body }) {
        const result = await adjustCredits(services.database.db, {
          actor: { id: user.id, email: user.email },
          userId: params.id,
          input: body,
          holder,
        });
        return { status: 200, body: result };
      },
    }),
  ),
  defineOperation({
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
  defineOperation({
    method: "delete",
    path: "/api/admin/users/:id",
    tag: "Operator",
    summary: "Delete an account",
    description:
      "With a reason: the account and everything it made are deleted, as when its owner deletes it; its sessions end at once everywhere. The audit line keeps its address and balance. An operator deletes their own account from their settings (409).",
    access: "operator",
    json: accountStatusSchema,
    errors: [409],
    responses: { 200: { description: "Deleted, and the audit line.", json: deletedReply } },
    async handle({ services, user, params, body }) {
      const { entry, teamsDeleted } = await deleteAccountAsOperator(services.database.db, {
        actor: { id: user.id, email: user.email },
        userId: params.id,
        reason: body.reason,
        addressHashSecret: services.config.credits.addressHashSecret,
      });
      services.sessions.forgetUser(params.id);
      for (const folder of [params.id, ...teamsDeleted]) await services.storage.deletePrefix(userFolder(folder));
      return { status: 200, body: { deleted: true as const, entry } };
    },
  }),
  defineOperation({
    method: "get",
    path: "/api/admin/settings",
    tag: "Operator",
    summary: "Read the instance's settings",
    description:
      "The sign-up policy, the sign-up credit grant and the announcement in force, what the environment sets for each, and which ones the console has changed.",
    access: "operator",
    responses: { 200: { description: "The settings.", json: instanceSettingsReply } },
    async handle({ services }) {
      return { status: 200, body: await readInstanceSettings(services.database.db, services.config.instance) };
    },
  }),
  defineOperation({
    method: "patch",
    path: "/api/admin/settings",
    tag: "Operator",
    summary: "Change the instance's settings",
    description:
      "Each field given is set here and wins over the environment; `null` goes back to the environment's value; fields left out stay. Takes effect at once in every process, without a restart. Written to the audit log, before → after.",
    access: "operator",
    json: instanceSettingsChangeSchema,
    responses: { 200: { description: "The settings now, and the audit line.", json: settingsChangedReply } },
    async handle({ services, user, body }) {
      const result = await changeInstanceSettings(services.database.db, {
        actor: { id: user.id, email: user.email },
        defaults: services.config.instance,
        change: body,
      });
      return { status: 200, body: result };
    },
  }),
  defineOperation({
    method: "get",
    path: "/api/admin/usage",
    tag: "Operator",
    summary: "Read the instance's usage",
    description:
      "Over the last `days` UTC days (30 unless given): images and credits per day and per model, failure and refund rates and average generation time per provider, and the storage used now. A job counts on the day it was asked for; credits are net of refunds.",
    access: "operator",
    query: usageQuerySchema,
    responses: { 200: { description: "The figures.", json: operatorUsageReply } },
    async handle({ services, query }) {
      return { status: 200, body: await readUsage(services.database.db, query) };
    },
  }),
  defineOperation({
    method: "get",
    path: "/api/admin/usage.csv",
    tag: "Operator",
    summary: "Download the instance's usage as CSV",
    description:
      "The same figures as `GET /api/admin/usage`, as four CSV tables (days, models, providers, totals) separated by a blank line.",
    access: "operator",
    query: usageQuerySchema,
    responses: {
      200: {
        description: "The CSV file.",
        media: { "text/csv": { schema: { type: "string" } } },
        headers: { "Content-Disposition": { description: "attachment", schema: { type: "string" } } },
      },
    },
    async handle({ res, services, query }) {
      const usage = await readUsage(services.database.db, query);
      res.setHeader("Content-Type", "text/csv; charset=utf-8");
      res.setHeader("Content-Disposition", `attachment; filename="motif-usage-${usage.from}-to-${usage.to}.csv"`);
      res.setHeader("Cache-Control", "private, no-cache");
      res.send(usageCsv(usage));
    },
  }),
];
