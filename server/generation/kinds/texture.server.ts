import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { TEXTURE_SIDE } from "#domain/tiles";
import { textureParams } from "#domain/jobs";
import { images } from "../../db/schema";
import { madeToWrap } from "../../images/tiles/wrap.server";
import { objectFolder } from "../../storage/folders.server";
import { seedFor, texturePrompt } from "../prompts";
import { readReferences, styleReferenceFiles } from "../references.server";
import { oneObject, quoted, requireJobObject, requireJobStyle, type JobKindModule } from "./kind.server";

/**
 * A texture of the object's material drawn by a model: asked to fill the square edge to edge, seen
 * from above, evenly lit, in the style (its references and samples); then made to wrap by Motif —
 * repaired at the seam and cut where it is quietest — before it is stored as a seamless tile of
 * TEXTURE_SIDE pixels, from which tiles of any size are cut free.
 */
export const textureKind: JobKindModule<"texture"> = {
  params: textureParams,
  makes: "objects",
  imageCount: () => 1,
  objects: (params) => oneObject(params, 1),
  title: (params, { objectNames }) => `Texture of ${quoted(params.words ?? objectNames[0] ?? params.name)}`,
  async plan(ctx, job, params) {
    const style = await requireJobStyle(ctx, job);
    const object = await requireJobObject(ctx, params.objectId);
    const [[earlier], stored, { references, samples }] = await Promise.all([
      ctx.db.select({ count: count() }).from(images).where(eq(images.objectId, object.id)),
      ctx.db.select({ position: images.position }).from(images).where(eq(images.jobId, job.id)),
      styleReferenceFiles(ctx.db, { styleId: style.id }),
    ]);
    return {
      style,
      role: "object",
      tasks: [
        {
          position: 0,
          subject: object.name,
          prompt: texturePrompt({ material: params.words ?? object.name, stylePrompt: style.prompt }),
          objectId: object.id,
          seed: seedFor(style.seed, object.name, earlier?.count ?? 0),
          madeFrom: { imageId: null, operation: "tiled", params: { tile: { size: TEXTURE_SIDE, kind: "texture" } } },
          finish: async (image) => {
            const texture = await madeToWrap(image.data, TEXTURE_SIDE);
            const data = await sharp(Buffer.from(texture.data), {
              raw: { width: texture.width, height: texture.height, channels: 4 },
            })
              .removeAlpha()
              .png()
              .toBuffer();
            return { data, format: "png" };
          },
        },
      ],
      finished: new Set(stored.map((s) => s.position)),
      references: await readReferences(ctx.storage, [...references, ...samples]),
      chain: null,
      baseline: 0,
      neighbours: [],
      folder: () => objectFolder(job.ownerId, style.id, object.id),
    };
  },
};
