import { count, eq } from "drizzle-orm";
import sharp, { type Sharp } from "sharp";
import { images } from "../../db/schema";
import { keepOutsideRegion } from "../../images/edit-mask.server";
import { objectFolder } from "../../storage/folders.server";
import { editPrompt, seedFor } from "../prompts";
import { readReferences, styleReferenceFiles } from "../references.server";
import { editParams } from "#domain/jobs";
import type { ReferenceImage } from "../providers/provider";
import {
  oneObject,
  quoted,
  requireJobImage,
  requireJobObject,
  requireJobStyle,
  type JobKindModule,
  styleSubjects,
} from "./kind.server";

/**
 * The longest side of the image a provider gets to edit: an upscaled base is sent smaller
 * (models take about a megapixel), while the pixels a repaint keeps come from the stored file.
 */
export const EDIT_INPUT_SIDE = 1536;

/**
 * What a provider is given to edit: the stored file itself when it is small enough (the model sees
 * exactly what the person saw), else a PNG no longer than EDIT_INPUT_SIDE; and `shrink`, which
 * brings a mask drawn on the file to the same size.
 */
export async function editInput(original: Buffer, format: string) {
  const { width = 0, height = 0 } = await sharp(original).metadata();
  const fits = Math.max(width, height) <= EDIT_INPUT_SIDE;
  const shrink = (image: Sharp) =>
    fits ? image : image.resize({ width: EDIT_INPUT_SIDE, height: EDIT_INPUT_SIDE, fit: "inside" });
  const input: ReferenceImage = fits
    ? { data: original, mimeType: format === "webp" ? "image/webp" : "image/png" }
    : { data: await shrink(sharp(original)).png().toBuffer(), mimeType: "image/png" };
  return { input, shrink };
}

/**
 * One image of an object changed as the words say: the chosen image goes to the model as the
 * base, with the style's references and samples; with a mask, only the painted region is
 * drawn again. The new image is recorded as made from the base.
 */
export const editKind: JobKindModule<"edit"> = {
  params: editParams,
  makes: "objects",
  imageCount: () => 1,
  objects: (params) => oneObject(params, 1),
  title: (params, { objectNames }) =>
    `${params.mask ? "Region repainted in" : "Edit of"} ${quoted(objectNames[0] ?? params.name)}`,
  async plan(ctx, job, params) {
    const style = await requireJobStyle(ctx, job);
    const object = await requireJobObject(ctx, params.objectId);
    const [{ image: base, file: original }, [earlier], stored, { references, samples }] = await Promise.all([
      requireJobImage(ctx, { objectId: object.id, imageId: params.imageId }, "edit"),
      ctx.db.select({ count: count() }).from(images).where(eq(images.objectId, object.id)),
      ctx.db.select({ position: images.position }).from(images).where(eq(images.jobId, job.id)),
      styleReferenceFiles(ctx.db, { styleId: style.id }),
    ]);
    const region = params.mask !== null;
    const { input: baseImage, shrink } = await editInput(original, base.format);
    const mask = params.mask
      ? await shrink(sharp(Buffer.from(params.mask, "base64")))
          .png()
          .toBuffer()
      : null;
    return {
      style,
      role: "object",
      tasks: [
        {
          position: 0,
          subject: object.name,
          prompt: editPrompt({
            subject: object.name,
            instruction: params.instruction,
            stylePrompt: style.prompt,
            transparent: params.transparent,
            region,
          }),
          objectId: object.id,
          seed: seedFor(style.seed, object.name, earlier?.count ?? 0),
          madeFrom: {
            imageId: base.id,
            operation: region ? "repainted" : "edited",
            params: { instruction: params.instruction },
          },
          work: {
            needs: "edit",
            call: (provider, request) => provider.edit!({ ...request, base: baseImage, mask }),
            // A repaint keeps every pixel outside its region from the stored file.
            finish: async (image) =>
              mask ? { data: await keepOutsideRegion(original, image.data, mask), format: "png" } : image,
          },
        },
      ],
      finished: new Set(stored.map((s) => s.position)),
      references: await readReferences(ctx.storage, [...references, ...samples]),
      chain: null,
      baseline: 0,
      neighbours: await styleSubjects(ctx, style.id),
      folder: () => objectFolder(job.ownerId, style.id, object.id),
    };
  },
};
