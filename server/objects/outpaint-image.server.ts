import type { Actor } from "#domain/actor";
import { and, eq } from "drizzle-orm";
import { AppError, FieldError } from "#domain/errors";
import type { OutpaintParams } from "#domain/jobs";
import { extendedSize, outpaintRuleProblem, sidesOf, type OutpaintInput } from "#domain/outpaint";
import { images, styles } from "../db/schema";
import { chooseProviderThatCan } from "../generation/choose-provider.server";
import type { ImageProvider } from "../generation/providers/provider";
import { hasRealAlpha } from "../generation/store-image.server";
import { hasSeparableBackground } from "../images/outpaint.server";
import type { ObjectDeps } from "./generate-objects.server";
import { startObjectJob } from "./object-jobs.server";
import { requireOwnedObject } from "./object-records.server";

export const NO_PLAIN_BACKGROUND =
  "This image has neither a transparent nor a plain background, so its subject cannot be told from what is behind it: remove its background first, then paint a new one.";

/** Why a model cannot extend an image or paint a new background: it cannot repaint a region. */
function cannotOutpaint(provider: ImageProvider, background: boolean): AppError {
  const what = background ? "paint a new background" : "extend an image";
  const why = provider.capabilities.edit.why ? ` ${provider.capabilities.edit.why}` : "";
  return new AppError(
    "conflict",
    `${provider.label} cannot ${what}: that needs a model that repaints a region of an image.${why}`,
    { field: "model" },
  );
}

/**
 * "Extend or replace background" on one of an object's images: a paid job of one image, priced
 * like one edit of the object on that model, paid once and refunded by the job's rules. Refused
 * before anything is paid when the model cannot repaint a region (the preview engine), when the
 * result would be larger than the instance makes, or when a new background is asked of an image
 * whose subject cannot be told from its background.
 */
export async function outpaintObjectImage(
  deps: ObjectDeps,
  options: { actor: Actor; objectId: string; input: OutpaintInput },
) {
  const { db } = deps.database;
  const { input, actor } = options;
  const problem = outpaintRuleProblem(input);
  if (problem) throw new FieldError(problem.field, problem.message);
  const object = await requireOwnedObject(db, { workspaceId: actor.workspaceId, objectId: options.objectId });
  const [[base], [style]] = await Promise.all([
    db
      .select({ id: images.id, width: images.width, height: images.height, fileKey: images.fileKey })
      .from(images)
      .where(and(eq(images.id, input.imageId), eq(images.objectId, object.id))),
    db.select({ defaultModel: styles.defaultModel }).from(styles).where(eq(styles.id, object.styleId)),
  ]);
  if (!base) throw new AppError("not_found", "No such image.", { field: "imageId" });
  const background = input.mode === "background";
  const provider = chooseProviderThatCan(
    deps.providers,
    { requested: input.model, styleDefault: style?.defaultModel },
    (p) => Boolean(p.edit) && p.capabilities.edit.region,
    (chosen) => cannotOutpaint(chosen, background),
  );
  const sides = sidesOf(input);
  const size = extendedSize(base, sides);
  const maxSide = deps.config.upscale.maxSide;
  if (Math.max(size.width, size.height) > maxSide) {
    throw new AppError(
      "bad_request",
      `Extended so, the image would be ${size.width} × ${size.height} px; this Motif makes images up to ${maxSide} px on a side. Extend it less.`,
      { field: "sides" },
    );
  }
  const file = await deps.storage.read(base.fileKey);
  if (!file) throw new AppError("not_found", "The image's file is missing.", { field: "imageId" });
  if (background && !(await hasSeparableBackground(file))) {
    throw new AppError("conflict", NO_PLAIN_BACKGROUND, { field: "imageId" });
  }
  const params: OutpaintParams = {
    v: 1,
    objectId: object.id,
    name: object.name,
    imageId: base.id,
    mode: input.mode,
    sides,
    words: input.words ?? null,
    size: object.size,
    detail: object.detail,
    // An extended picture keeps its transparency; one with a new background has none.
    transparent: !background && (await hasRealAlpha(file)),
  };
  return { job: await startObjectJob(deps, object, { kind: "outpaint", params, provider }, actor) };
}
