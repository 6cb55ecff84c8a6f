import * as replies from "#domain/api-replies";
import { pixelArtSchema, pixelColours, pixelGrid } from "#domain/pixel-art";
import { pixelArtObjectImage } from "../../../objects/pixel-art-image.server";
import { defineOperation } from "../operation.server";
import { imageMade } from "../tool-answers.server";
import { objectParam } from "./shared.server";

export const makePixelArtOperation = defineOperation({
  method: "post",
  path: "/api/objects/:id/pixel-art",
  tag: "Objects",
  summary: "Convert an image to pixel art",
  description: `A new image of the object made from one of its images as true pixel art: on a native grid of ${pixelGrid.min}–${pixelGrid.max} pixels along its longer side (or the grid the image was drawn on, measured with \`grid: "detect"\`), its colours locked to a palette (the image's own best ${pixelColours.min}–${pixelColours.max} colours, the style's palette, PICO-8, DB32, Endesga 32 or Game Boy), every pixel fully clear or fully opaque, optionally with a 1-pixel outline. Stored at native size (one pixel a cell); download it enlarged by whole pixels from \`/api/images/{id}/scaled\`. Motif's own conversion, no AI, free. The same image with the same settings again answers with the image made the first time (200).`,
  access: "user",
  json: pixelArtSchema,
  responses: {
    200: { description: "The image made from it earlier with the same settings.", json: replies.madeImageReply },
    201: { description: "The new image.", json: replies.madeImageReply },
  },
  tool: {
    name: "make_pixel_art",
    idempotent: true,
    title: "Convert an image to pixel art",
    description:
      "Makes a new image of an object from one of its images as true pixel art: a native grid of 16–128 pixels " +
      'on the longer side (or "detect" for an image that already looks like pixel art), colours locked to a ' +
      "palette (image, style, pico-8, db32, endesga-32, game-boy), alpha only clear or opaque, optional 1-pixel " +
      "outline. Free. The same settings on the same image again return the image made the first time.",
    params: objectParam,
    arguments: {
      imageId: "The image to convert, from get_images.",
      grid: 'Pixels on the longer side, 16 to 128, or "detect". Default 32.',
      palette: "image, style, pico-8, db32, endesga-32 or game-boy. Default image.",
      colours: "The most colours kept, 2 to 64. Default 16.",
      outline: "true for a 1-pixel outline in the palette's darkest colour.",
    },
    summarize: imageMade("Converted to pixel art", "Already converted"),
  },
  async handle({ services, user, params, body: input }) {
    const { image, existing } = await pixelArtObjectImage(
      { db: services.database.db, storage: services.storage, signer: services.imageUrls },
      { workspaceId: user.workspace.id, objectId: params.id, input },
    );
    return { status: existing ? 200 : 201, body: { image } };
  },
});
