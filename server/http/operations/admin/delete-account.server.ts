import { auditEntrySchema } from "#domain/audit";
import { accountStatusSchema } from "#domain/requests/audit";
import { deleteAccountAsOperator } from "../../../operator/account-deletion.server";
import { workspaceFolder } from "../../../storage/folders.server";
import { defineOperation } from "../operation.server";
import { z } from "zod";

const deletedReply = z.object({ deleted: z.literal(true), entry: auditEntrySchema });

export const deleteAccountOperation = defineOperation({
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
    for (const folder of [params.id, ...teamsDeleted]) await services.storage.deletePrefix(workspaceFolder(folder));
    return { status: 200, body: { deleted: true as const, entry } };
  },
});
