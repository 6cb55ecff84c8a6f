import * as replies from "#domain/api-replies";
import { deleteObject } from "../../../objects/object-commands.server";
import { defineOperation } from "../operation.server";

export const deleteObjectOperation = defineOperation({
  method: "delete",
  path: "/api/objects/:id",
  tag: "Objects",
  summary: "Delete an object",
  access: "user",
  responses: { 200: { description: "Deleted.", json: replies.successReply } },
  async handle({ services, user, params }) {
    await deleteObject(
      { db: services.database.db, storage: services.storage },
      { workspaceId: user.workspace.id, objectId: params.id },
    );
    return { status: 200, body: { success: true } };
  },
});
