import { modelsViewSchema } from "#domain/models";
import { presentModels } from "../../../generation/providers/model-views.server";
import { failedProviderChecks } from "../../../generation/providers/provider-checks.server";
import { defineOperation } from "../operation.server";

export const listModelsOperation = defineOperation({
  method: "get",
  path: "/api/models",
  tag: "Models",
  summary: "List the models on offer",
  description:
    "The image models this instance offers, the operator's default first: what one image costs with each (`prices`), and what each can do besides drawing — edit with words and repaint a region (`edit`, which outpaints and new backgrounds need too), draw other views (`views`), AI upscale (`upscaler`), train (`trainer`) — with why it cannot, where it cannot. An action a model cannot do is refused with 409 before anything is paid. A model whose last connection check failed has `reachable: false`. The same list comes with GET /api/styles.",
  access: "user",
  responses: { 200: { description: "The models on offer.", json: modelsViewSchema } },
  async handle({ services }) {
    return {
      status: 200,
      body: presentModels(services.providers, await failedProviderChecks(services.database.db)),
    };
  },
});
