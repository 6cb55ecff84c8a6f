import { drawingsReplySchema } from "#domain/drawings";
import { listDrawings } from "../../../objects/choose-drawing.server";
import { defineOperation } from "../operation.server";
import { objectParam } from "../objects/shared.server";

export const listDrawingsOperation = defineOperation({
  method: "get",
  path: "/api/objects/:id/drawings",
  tag: "Objects",
  summary: "List the drawings an object may be drawn from",
  description:
    "For an object whose cover (or latest image) the preview engine made: about a dozen open-library icons about its subject, from every library, each redrawn in its style's treatment and palette as an SVG document, and the drawing it is drawn from now. Answered with 409 when an AI model made the cover: a model draws its own.",
  access: "user",
  errors: [409],
  responses: { 200: { description: "The drawing it has, and the ones it may have.", json: drawingsReplySchema } },
  tool: {
    name: "list_drawings",
    title: "List the drawings an object may be drawn from",
    readOnly: true,
    description:
      "For an object the preview engine drew: the open-library icons about its subject it may be drawn from " +
      "instead (about a dozen, from every library, each as an SVG in its style), and the one it has now. " +
      "Pass one's set and icon to choose_drawing. Refused for an object an AI model drew.",
    params: objectParam,
    summarize: ({ current, candidates }) =>
      `${candidates.length} drawing${candidates.length === 1 ? "" : "s"} to choose from` +
      (current ? `; it is drawn from ${current.icon} (${current.set}) now.` : "."),
  },
  async handle({ services, user, params }) {
    const body = await listDrawings(services.database.db, { workspaceId: user.workspace.id, objectId: params.id });
    return { status: 200, body };
  },
});
