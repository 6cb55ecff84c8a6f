import * as replies from "#domain/api-replies";
import { requireObjectDetail } from "../../../objects/object-queries.server";
import { defineOperation } from "../operation.server";

export const getObjectOperation = defineOperation({
  method: "get",
  path: "/api/objects/:id",
  tag: "Objects",
  summary: "Get an object with its images",
  access: "user",
  responses: { 200: { description: "The object.", json: replies.objectReply } },
  async handle({ services, user, params }) {
    const object = await requireObjectDetail(services.database.db, {
      workspaceId: user.workspace.id,
      objectId: params.id,
      signer: services.imageUrls,
    });
    return { status: 200, body: { object } };
  },
});
