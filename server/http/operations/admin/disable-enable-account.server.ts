import { auditEntrySchema } from "#domain/audit";
import { accountStatusSchema } from "#domain/requests/audit";
import { setAccountDisabled } from "../../../operator/account-status.server";
import { defineOperation } from "../operation.server";
import { z } from "zod";

const accountStatusReply = z.object({ disabled: z.boolean(), entry: auditEntrySchema.nullable() });

export const disableEnableAccountOperations = ([true, false] as const).map((disabled) =>
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
);
