import type { Actor } from "#domain/actor";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { AppError } from "#domain/errors";
import type { aiUpscaleSchema } from "#domain/image-lineage";
import { type UpscaleParams } from "#domain/jobs";
import { images, styles } from "../db/schema";
import { chooseProviderThatCan } from "../generation/choose-provider.server";
import { startObjectJob } from "./object-jobs.server";
import type { ObjectDeps } from "./generate-objects.server";
import { requireOwnedObject } from "./object-records.server";
import { upscaleTooLarge } from "./upscale-image.server";

/**
 * "AI upscale ×2 / ×4": one of an object's images made larger by a model's upscaler, as a paid job
 * of one image (priced like one image of the object on that model), refunded by the job's rules.
 * The model is the one asked for, else the style's or the operator's default when it can, else
 * the first on offer that can; none that can is a 409 that points to the basic upscale.
 */
export async function aiUpscaleObjectImage(
  deps: ObjectDeps,
  options: {
    actor: Actor;
    objectId: string;
    input: z.output<typeof aiUpscaleSchema>;
  },
) {
  const { db } = deps.database;
  const { input, actor } = options;
  const object = await requireOwnedObject(db, { workspaceId: actor.workspaceId, objectId: options.objectId });
  const [[source], [style]] = await Promise.all([
    db
      .select({ id: images.id, width: images.width, height: images.height })
      .from(images)
      .where(and(eq(images.id, input.imageId), eq(images.objectId, object.id))),
    db.select({ defaultModel: styles.defaultModel }).from(styles).where(eq(styles.id, object.styleId)),
  ]);
  if (!source) throw new AppError("not_found", "No such image.", { field: "imageId" });
  upscaleTooLarge(source, input.factor, deps.config.upscale.maxSide);
  const provider = chooseProviderThatCan(
    deps.providers,
    { requested: input.model, styleDefault: style?.defaultModel },
    (p) => Boolean(p.upscale && p.capabilities.upscale),
    (chosen) =>
      new AppError(
        "conflict",
        `${chosen.label} has no AI upscaler. The basic upscale (no AI, free) works with every model.`,
        { field: "model" },
      ),
  );
  const params: UpscaleParams = {
    v: 1,
    objectId: object.id,
    name: object.name,
    imageId: source.id,
    factor: input.factor,
    size: object.size,
    detail: object.detail,
    // The upscaler answers opaque; the source's alpha is put back by Motif, not keyed.
    transparent: false,
  };
  const job = await startObjectJob(deps, object, { kind: "upscale", params, provider }, actor);
  return { job };
}
