import * as replies from "#domain/api-replies";
import { updateObjectSchema } from "#domain/objects";
import { updateObject } from "../../../objects/object-commands.server";
import { getObjectDetail } from "../../../objects/object-queries.server";
import { defineOperation } from "../operation.server";

export const updateObjectOperation = defineOperation({
  method: "patch",
  path: "/api/objects/:id",
  tag: "Objects",
  summary: "Rename an object or choose its cover",
  access: "user",
  json: updateObjectSchema,
  responses: { 200: { description: "The object.", json: replies.objectReply } },
  async handle({ services, user, params, body: changes }) {
    const { db } = services.database;
    await updateObject(db, { workspaceId: user.workspace.id, objectId: params.id, changes });
    const object = await getObjectDetail(db, {
      workspaceId: user.workspace.id,
      objectId: params.id,
      signer: services.imageUrls,
    });
    return { status: 200, body: { object } };
  },
});
