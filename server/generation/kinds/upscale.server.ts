import { eq } from "drizzle-orm";
import { images } from "../../db/schema";
import { prepareForUpscaler } from "../../images/basic-upscale.server";
import { objectFolder } from "../../storage/folders.server";
import { upscaleParams } from "#domain/jobs";
import {
  oneObject,
  quoted,
  requireJobImage,
  requireJobObject,
  requireJobStyle,
  type JobKindModule,
} from "./kind.server";

/**
 * One of an object's images made larger by a model's AI upscaler: the upscaler gets the picture
 * without its alpha, Motif sizes the answer to exactly `factor` times and puts the alpha back.
 * The new image is recorded as upscaled from the source, by a model.
 */
export const upscaleKind: JobKindModule<"upscale"> = {
  params: upscaleParams,
  makes: "objects",
  imageCount: () => 1,
  objects: (params) => oneObject(params, 1),
  title: (params, { objectNames }) => `AI upscale ×${params.factor} of ${quoted(objectNames[0] ?? params.name)}`,
  async plan(ctx, job, params) {
    const style = await requireJobStyle(ctx, job);
    const object = await requireJobObject(ctx, params.objectId);
    const [{ image: source, file: original }, stored] = await Promise.all([
      requireJobImage(ctx, { objectId: object.id, imageId: params.imageId }, "upscale"),
      ctx.db.select({ position: images.position }).from(images).where(eq(images.jobId, job.id)),
    ]);
    const prepared = await prepareForUpscaler(original, params.factor);
    return {
      style,
      role: "object",
      tasks: [
        {
          position: 0,
          subject: object.name,
          prompt: `${object.name}, upscaled ×${params.factor}`,
          objectId: object.id,
          seed: source.seed ?? 0,
          madeFrom: { imageId: source.id, operation: "upscaled", params: { factor: params.factor, method: "model" } },
          work: {
            needs: "upscale",
            // The upscaler gets the picture alone: no prompt, references or seed.
            call: (provider, { signal, onProgress, user }) =>
              provider.upscale!({
                image: { data: prepared.input, mimeType: "image/png" },
                factor: params.factor,
                signal,
                onProgress,
                user,
              }),
            finish: async (image) => ({ data: await prepared.finish(image.data), format: "png" }),
          },
        },
      ],
      finished: new Set(stored.map((s) => s.position)),
      references: [],
      chain: null,
      baseline: 0,
      neighbours: [],
      folder: () => objectFolder(job.ownerId, style.id, object.id),
    };
  },
};
