import * as replies from "#domain/api-replies";
import { removeStyle } from "../../../styles/remove-style.server";
import { defineOperation } from "../operation.server";

export const deleteStyleOperation = defineOperation({
  method: "delete",
  path: "/api/styles/:id",
  tag: "Styles",
  summary: "Delete a style",
  description: "Deletes the style, its objects and all their images.",
  access: "user",
  responses: { 200: { description: "Deleted.", json: replies.successReply } },
  async handle({ services, user, params }) {
    await removeStyle(
      { db: services.database.db, storage: services.storage, providers: services.providers },
      { workspaceId: user.workspace.id, styleId: params.id },
    );
    return { status: 200, body: { success: true } };
  },
});
