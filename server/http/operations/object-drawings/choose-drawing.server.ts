import { drawingChoiceSchema } from "#domain/drawings";
import * as replies from "#domain/api-replies";
import { chooseDrawing } from "../../../objects/choose-drawing.server";
import { defineOperation } from "../operation.server";
import { objectParam } from "../objects/shared.server";

export const chooseDrawingOperation = defineOperation({
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
      { workspaceId: user.workspace.id, objectId: params.id, drawing: body },
    );
    return { status: 200, body: { object } };
  },
});
