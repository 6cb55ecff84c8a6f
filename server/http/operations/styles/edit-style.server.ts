import * as replies from "#domain/api-replies";
import { updateStyleSchema } from "#domain/styles";
import { chooseProvider } from "../../../generation/choose-provider.server";
import { editStyle } from "../../../styles/edit-style.server";
import { samplesStaleOf } from "../../../styles/style-samples.server";
import { defineOperation } from "../operation.server";

export const editStyleOperation = defineOperation({
  method: "patch",
  path: "/api/styles/:id",
  tag: "Styles",
  summary: "Edit a style",
  description: "Changes any of the style's fields. Its samples are then marked stale until remade or kept.",
  access: "user",
  json: updateStyleSchema,
  responses: {
    200: { description: "The style, and what its samples are now stale for.", json: replies.styleEditedReply },
  },
  async handle({ services, user, params, body: changes }) {
    // A default model must be one on offer; null goes back to the operator's default.
    if (changes.defaultModel) chooseProvider(services.providers, { requested: changes.defaultModel });
    const style = await editStyle(
      { db: services.database.db, storage: services.storage },
      { workspaceId: user.workspace.id, styleId: params.id, changes },
    );
    const samplesStale = await samplesStaleOf(services.database.db, style);
    return { status: 200, body: { style: { id: style.id, name: style.name, samplesStale } } };
  },
});
