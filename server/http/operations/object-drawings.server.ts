import { drawingChoiceSchema, drawingsReplySchema } from "#domain/drawings";
import * as replies from "#domain/api-replies";
import { argumentWords } from "./tool-inputs";
import { chooseDrawing, listDrawings } from "../../objects/choose-drawing.server";
import { defineOperation } from "./operation.server";

/** How the object's tools name the path's `id`. */
const objectParam = { id: { name: "objectId", description: argumentWords.objectId } };

/** "Choose another drawing": the library drawings the preview engine offers for an object, and the choice. */
export const objectDrawingOperations = [
  defineOperation({
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
      const body = await listDrawings(services.database.db, { userId: user.workspace.id, objectId: params.id });
      return { status: 200, body };
    },
  }),
  defineOperation({
    method: "post",
    path: "/api/objects/:id/drawing",
    tag: "Objects",
    summary: "Choose the drawing an object is drawn from",
    description:
      "Keeps one of the drawings GET /api/objects/{id}/drawings offers (its `set` and `icon`) on the object, so its later images (more variations) redraw it, and draws one new image of it at once with the preview engine, free, as the object's cover. Choosing a drawing the object was drawn from before (the one it had, to undo a choice) makes that image the cover again and draws nothing. A drawing not offered is refused with 400; an object an AI model drew with 409.",
    access: "user",
    json: drawingChoiceSchema,
    errors: [409],
    responses: { 200: { description: "The object, its new cover drawn from the choice.", json: replies.objectReply } },
    tool: {
      name: "choose_drawing",
      title: "Choose the drawing an object is drawn from",
      idempotent: true,
      description:
        "For an object the preview engine drew: keeps one of the drawings list_drawings offers (its set and " +
        "icon), draws one new image of it at once as the object's cover, free, and makes later variations " +
        "redraw it. Choosing a drawing it was drawn from before (the one it had, to undo) brings that image " +
        "back as the cover and draws nothing.",
      params: objectParam,
      arguments: {
        set: "The library's id, from list_drawings.",
        icon: "The icon's name in that library, from list_drawings.",
      },
      summarize: ({ object }) =>
        `${object.name} is drawn from the chosen drawing now; its cover is image ${object.coverImageId ?? "none"}, free.`,
    },
    async handle({ services, user, params, body }) {
      const object = await chooseDrawing(
        { db: services.database.db, storage: services.storage, signer: services.imageUrls },
        { userId: user.workspace.id, objectId: params.id, drawing: body },
      );
      return { status: 200, body: { object } };
    },
  }),
];
