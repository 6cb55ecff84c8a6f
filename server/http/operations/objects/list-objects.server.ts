import { listObjectsQuerySchema, objectPageSchema } from "#domain/objects";
import { listObjects } from "../../../objects/object-queries.server";
import { defineOperation } from "../operation.server";

export const listObjectsOperation = defineOperation({
  method: "get",
  path: "/api/objects",
  tag: "Objects",
  summary: "List objects",
  description: "Your objects, a page at a time, filtered by style, set (the job that made them) or name.",
  access: "user",
  query: listObjectsQuerySchema,
  responses: { 200: { description: "A page of objects.", json: objectPageSchema } },
  async handle({ services, user, query }) {
    const page = await listObjects(services.database.db, {
      workspaceId: user.workspace.id,
      query,
      signer: services.imageUrls,
    });
    return { status: 200, body: page };
  },
});
