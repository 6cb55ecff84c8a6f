import { runCreditsCommand } from "../../../credits/credits-command.server";
import { isControlToken } from "../../../operator/control-file.server";
import { AppError } from "../../errors.server";
import { operatorCommandReplySchema, operatorCommandSchema } from "#domain/operator-commands";
import { defineOperation } from "../operation.server";

export const grantCreditsFromCommandOperation = defineOperation({
  method: "post",
  path: "/api/operator/credits",
  tag: "Credits",
  summary: "Grant credits from the operator's command (for `npm run credits` only)",
  description:
    "How `npm run credits -- grant <email> <credits>` reaches a running server that holds the embedded database. Only with the secret the server writes into its data folder's control.json (Authorization: Bearer); anything else answers 404. Not for clients.",
  access: "public",
  json: operatorCommandSchema,
  errors: [404],
  responses: {
    200: { description: "Granted.", json: operatorCommandReplySchema },
    400: { description: "Not granted, and why; or a body that is not a command.", json: operatorCommandReplySchema },
  },
  // Only the control file's secret opens it (scripts/credits.ts): no session, no API key.
  async authenticate(req) {
    const bearer = /^Bearer (.+)$/.exec(req.get("Authorization") ?? "")?.[1];
    if (!isControlToken(bearer)) throw new AppError("not_found", "Not found");
    return null;
  },
  async handle({ services, body }) {
    const result = await runCreditsCommand(services.database.db, body.args);
    return { status: result.ok ? 200 : 400, body: result, headers: { "Cache-Control": "no-store" } };
  },
});
