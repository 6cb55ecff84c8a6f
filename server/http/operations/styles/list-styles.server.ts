import * as replies from "#domain/api-replies";
import { listStylesQuerySchema } from "#domain/styles";
import { presentModels } from "../../../generation/providers/model-views.server";
import { failedProviderChecks } from "../../../generation/providers/provider-checks.server";
import { presentStyle } from "../../../styles/present-style.server";
import { listStylesPage } from "../../../styles/styles.server";
import { defineOperation } from "../operation.server";

export const listStylesOperation = defineOperation({
  method: "get",
  path: "/api/styles",
  tag: "Styles",
  summary: "List your styles",
  description:
    "Your styles, newest first, a page at a time (`limit`, then `cursor` from `nextCursor`), with the operator's default model and the models on offer.",
  access: "user",
  query: listStylesQuerySchema,
  responses: { 200: { description: "Your styles.", json: replies.stylesListReply } },
  async handle({ services, user, query }) {
    const page = await listStylesPage(services.database.db, { workspaceId: user.workspace.id, query });
    const { id, model, label } = services.providers.default;
    return {
      status: 200,
      body: {
        styles: page.styles.map((style) => presentStyle(style, services.imageUrls)),
        nextCursor: page.nextCursor,
        provider: { id, model, label },
        models: presentModels(services.providers, await failedProviderChecks(services.database.db)),
      },
    };
  },
});
