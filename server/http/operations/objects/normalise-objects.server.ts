import { normaliseObjectsReply, normaliseObjectsSchema } from "#domain/normalise";
import { normaliseObjects } from "../../../objects/normalise/normalise-objects.server";
import { defineOperation } from "../operation.server";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

export const normaliseObjectsOperation = defineOperation({
  method: "post",
  path: "/api/objects/normalise",
  tag: "Objects",
  summary: "Normalise objects to one size, padding, stroke width and palette",
  description:
    "A set (`setId`), a selection (`ids`) or every object of a style (`styleId`) brought to one treatment, at once and free: no model is asked. Each object's cover SVG (a vector model's original, or traced in its flat style) is put on one grid (`grid`, 24 unless chosen) with one padding, its artwork brought to one optical size inside the live area (the same height across the set, within a few per cent so wide shapes do not look larger; wide icons are limited by the live area's width), every stroke at one width (`strokeWidth`, or the set's median as measured) with round caps and joins, its colours snapped to the style's palette. The normalised SVG is kept as the new image's original, with a PNG rendered from it at the cover's size; that image, with the lineage `normalised`, becomes the cover and the old one stays among its images. Packages and SVG exports then take the normalised SVGs. Normalising the same covers the same way again answers the images made then. Refused with 409 for more than 100 objects at once.",
  access: "user",
  json: normaliseObjectsSchema,
  errors: [409],
  responses: { 200: { description: "The set's treatment and each object's new cover.", json: normaliseObjectsReply } },
  tool: {
    name: "normalise_objects",
    idempotent: true,
    title: "Normalise objects to one size, padding, stroke width and palette",
    description:
      "Brings a set (setId), chosen objects (ids) or a style's objects (styleId) to one treatment, at once and " +
      "free: one grid (16, 20, 24 or 32; 24 unless given), one padding, one optical size inside the live area, " +
      "one stroke width (given, or the set's median) and the style's palette. Each object's cover becomes a new " +
      "image whose original is the normalised SVG. Call get_images to see them.",
    arguments: {
      ids: "The objects' ids, from list_objects (or give setId or styleId instead).",
      strokeWidth: "One line weight in units of a 24 grid, like 2 (leave out to use the set's median).",
    },
    summarize: ({ treatment, normalised, skipped }) =>
      `Normalised ${plural(normalised.length, "object")}, free, on a ${treatment.grid} grid with padding ` +
      `${treatment.padding}, height ${treatment.height}` +
      (treatment.strokeWidth !== null ? `, stroke width ${treatment.strokeWidth}` : "") +
      `: each has a new cover (${normalised.map((r) => `${r.objectId} → image ${r.image.id}`).join(", ")}).` +
      (skipped.length
        ? ` Skipped ${plural(skipped.length, "object")}: ${skipped.map((s) => `${s.objectId} (${s.reason})`).join(", ")}.`
        : ""),
  },
  async handle({ services, user, body: input }) {
    const reply = await normaliseObjects(
      { db: services.database.db, storage: services.storage, signer: services.imageUrls },
      { workspaceId: user.workspace.id, input },
    );
    return { status: 200, body: reply };
  },
});
