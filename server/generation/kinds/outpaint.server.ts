import { count, eq } from "drizzle-orm";
import type { ImageSize } from "#domain/images";
import { outpaintParams } from "#domain/jobs";
import { images } from "../../db/schema";
import { backgroundInput, extendCanvas, keepOriginal, subjectOverBackground } from "../../images/outpaint.server";
import { objectFolder } from "../../storage/folders.server";
import { outpaintPrompt, seedFor } from "../prompts";
import {
  oneObject,
  quoted,
  requireJobImage,
  requireJobObject,
  requireJobStyle,
  type JobKindModule,
  styleSubjects,
} from "./kind.server";

/** The size asked of the model nearest the canvas's shape: its answer is then brought to the canvas. */
export function nearestSize(size: { width: number; height: number }): ImageSize {
  const shape = Math.log(size.width / size.height);
  const shapes: [ImageSize, number][] = [
    ["square", 0],
    ["landscape", Math.log(3 / 2)],
    ["portrait", Math.log(2 / 3)],
  ];
  return shapes.reduce((best, next) => (Math.abs(next[1] - shape) < Math.abs(best[1] - shape) ? next : best))[0];
}

/**
 * One of an object's images extended (its canvas made larger on the sides asked for, the new space
 * painted by the model to continue it), or given a new background behind its subject: the model
 * repaints a masked region (EditRequest.mask), and Motif puts the original back into its answer,
 * so every pixel of the original is the original's. Recorded as "outpainted" or "background".
 */
export const outpaintKind: JobKindModule<"outpaint"> = {
  params: outpaintParams,
  makes: "objects",
  imageCount: () => 1,
  objects: (params) => oneObject(params, 1),
  title: (params, { objectNames }) =>
    `${params.mode === "background" ? "New background for" : "Outpaint of"} ${quoted(objectNames[0] ?? params.name)}`,
  async plan(ctx, job, params) {
    const style = await requireJobStyle(ctx, job);
    const object = await requireJobObject(ctx, params.objectId);
    const [{ image: base, file: original }, [earlier], stored] = await Promise.all([
      requireJobImage(ctx, { objectId: object.id, imageId: params.imageId }, "extend"),
      ctx.db.select({ count: count() }).from(images).where(eq(images.objectId, object.id)),
      ctx.db.select({ position: images.position }).from(images).where(eq(images.jobId, job.id)),
    ]);
    const background = params.mode === "background";
    const extended = background ? null : await extendCanvas(original, params.sides);
    const input = extended ?? (await backgroundInput(original));
    if (!input) throw new Error("The image has no transparent or plain background to replace");
    return {
      style,
      role: "object",
      tasks: [
        {
          position: 0,
          subject: object.name,
          prompt: outpaintPrompt({
            subject: object.name,
            mode: params.mode,
            words: params.words,
            stylePrompt: style.prompt,
            transparent: params.transparent,
          }),
          objectId: object.id,
          seed: seedFor(style.seed, object.name, earlier?.count ?? 0),
          madeFrom: {
            imageId: base.id,
            operation: background ? "background" : "outpainted",
            params: {
              ...(params.words ? { instruction: params.words } : {}),
              ...(background ? {} : { sides: params.sides }),
            },
          },
          work: {
            needs: "edit",
            // The canvas alone: the picture is its own reference, and the style's would only pull
            // the new space away from it.
            call: (provider, request) =>
              provider.edit!({
                ...request,
                size: nearestSize(input),
                references: [],
                base: { data: input.canvas, mimeType: "image/png" },
                mask: input.mask,
                outpaint: !background,
                background,
              }),
            finish: async (image) => ({
              data: extended
                ? await keepOriginal(original, image.data, extended)
                : await subjectOverBackground(original, image.data),
              format: "png",
            }),
          },
        },
      ],
      finished: new Set(stored.map((s) => s.position)),
      references: [],
      chain: null,
      baseline: 0,
      neighbours: await styleSubjects(ctx, style.id),
      folder: () => objectFolder(job.ownerId, style.id, object.id),
    };
  },
};
