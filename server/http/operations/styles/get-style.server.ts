import * as replies from "#domain/api-replies";
import { presentStyle } from "../../../styles/present-style.server";
import { getStyle } from "../../../styles/styles.server";
import { AppError } from "../../errors.server";
import { defineOperation } from "../operation.server";

export const getStyleOperation = defineOperation({
  method: "get",
  path: "/api/styles/:id",
  tag: "Styles",
  summary: "Get a style",
  description:
    "One of your styles as the list shows it: its settings, references, samples and latest sample job. Poll it while its samples are being made.",
  access: "user",
  responses: { 200: { description: "The style.", json: replies.styleReply } },
  async handle({ services, user, params }) {
    const style = await getStyle(services.database.db, { workspaceId: user.workspace.id, styleId: params.id });
    if (!style) throw new AppError("not_found", "No such style.");
    return { status: 200, body: { style: presentStyle(style, services.imageUrls) } };
  },
});
