import * as replies from "#domain/api-replies";
import { removeReference } from "../../../styles/style-references.server";
import { defineOperation } from "../operation.server";

export const removeReferenceImageOperation = defineOperation({
  method: "delete",
  path: "/api/styles/:id/references/:referenceId",
  tag: "Styles",
  summary: "Remove a reference image",
  access: "user",
  errors: [409],
  responses: { 200: { description: "Removed.", json: replies.successReply } },
  async handle({ services, user, params }) {
    await removeReference(
      { db: services.database.db, storage: services.storage },
      { workspaceId: user.workspace.id, styleId: params.id, referenceId: params.referenceId },
    );
    return { status: 200, body: { success: true } };
  },
});
