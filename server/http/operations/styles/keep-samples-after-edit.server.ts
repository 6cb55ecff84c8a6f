import * as replies from "#domain/api-replies";
import { keepSamples } from "../../../styles/style-samples.server";
import { AppError } from "../../errors.server";
import { defineOperation } from "../operation.server";

export const keepSamplesAfterEditOperation = defineOperation({
  method: "post",
  path: "/api/styles/:id/samples/keep",
  tag: "Styles",
  summary: "Keep the samples after an edit",
  access: "user",
  responses: { 200: { description: "They are no longer stale.", json: replies.successReply } },
  // The samples stop showing as made for the earlier settings.
  async handle({ services, user, params }) {
    if (!(await keepSamples(services.database.db, { workspaceId: user.workspace.id, styleId: params.id })))
      throw new AppError("not_found", "No such style.");
    return { status: 200, body: { success: true } };
  },
});
