import { recolourObjectsReply, recolourObjectsSchema } from "#domain/recolour";
import { recolourObjects } from "../../../objects/recolour/recolour-objects.server";
import { defineOperation } from "../operation.server";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

export const recolourObjectsOperation = defineOperation({
  method: "post",
  path: "/api/objects/recolour",
  tag: "Objects",
  summary: "Recolour objects into another palette",
  description:
    "A set (`setId`), a selection (`ids`) or every object of a style (`styleId`) in another palette of 2 to 8 colours, at once and free: no model is asked. Each object's cover is recoloured into a new image with the lineage `recoloured`, which becomes its cover; the old one stays among its images. The colours are mapped by role and lightness, as a style's palette is: the image's darkest colour takes the palette's darkest, its lightest the lightest, the rest in order between. Every opaque pixel of the new PNG is a palette colour (alpha is kept), and a vector original's SVG is recoloured the same way. Recolouring a cover into the same palette again answers the image made then. Refused with 409 for more than 100 objects at once.",
  access: "user",
  json: recolourObjectsSchema,
  errors: [409],
  responses: { 200: { description: "Each object's new cover.", json: recolourObjectsReply } },
  tool: {
    name: "recolour_objects",
    idempotent: true,
    title: "Recolour objects into another palette",
    description:
      "Puts a set (setId), chosen objects (ids) or a style's objects (styleId) in another palette of 2 to 8 " +
      "#rrggbb colours, at once and free. Each object's cover becomes a new image in the new colours (darkest " +
      "to darkest, lightest to lightest) and is made its cover; a vector original's SVG is recoloured too. " +
      "Call get_images to see them.",
    arguments: {
      palette: "The new palette: 2 to 8 colours like #2a9d8f.",
      ids: "The objects' ids, from list_objects (or give setId or styleId instead).",
    },
    summarize: ({ recoloured, skipped }) =>
      `Recoloured ${plural(recoloured.length, "object")}, free: each has a new cover ` +
      `(${recoloured.map((r) => `${r.objectId} → image ${r.image.id}`).join(", ")}).` +
      (skipped.length ? ` Skipped ${plural(skipped.length, "object")} without images: ${skipped.join(", ")}.` : ""),
  },
  async handle({ services, user, body: input }) {
    const reply = await recolourObjects(
      { db: services.database.db, storage: services.storage, signer: services.imageUrls },
      { workspaceId: user.workspace.id, input },
    );
    return { status: 200, body: reply };
  },
});
