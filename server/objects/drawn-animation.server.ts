import type { Actor } from "#domain/actor";
import { and, eq } from "drizzle-orm";
import type { DrawnAnimationInput, RedrawFrameInput } from "#domain/animation";
import { AppError } from "#domain/errors";
import type { AnimationParams } from "#domain/jobs";
import { images, styles } from "../db/schema";
import type { ImageProvider } from "../generation/providers/provider";
import type { ObjectDeps } from "./generate-objects.server";
import { chooseProviderThatCan } from "../generation/choose-provider.server";
import { startObjectJob } from "./object-jobs.server";
import { requireOwnedObject, type ObjectRecord } from "./object-records.server";

export const NOT_A_DRAWING = "Animate a drawing of the object, not an animation sheet.";
export const NOT_DRAWN = "Only frames a model drew can be redrawn: draw the animation with a model first.";

/** A model that can draw frames: one that edits an image as words say. */
function frameDrawer(deps: ObjectDeps, options: { requested?: string | null; styleDefault?: string | null }) {
  return chooseProviderThatCan(
    deps.providers,
    options,
    (provider) => Boolean(provider.edit) && provider.capabilities.edit.words,
    (chosen) =>
      new AppError(
        "conflict",
        `${chosen.label} cannot draw frames. Choose a model that edits images (OpenAI, Gemini, fal Kontext, ComfyUI), or animate with preview motion, which is free.`,
        { field: "model" },
      ),
  );
}

/** The object's image asked for, with the style's default model. */
async function sourceOf(deps: ObjectDeps, object: ObjectRecord, imageId: string) {
  const { db } = deps.database;
  const [[source], [style]] = await Promise.all([
    db
      .select({ id: images.id, operation: images.operation, params: images.operationParams })
      .from(images)
      .where(and(eq(images.id, imageId), eq(images.objectId, object.id))),
    db.select({ defaultModel: styles.defaultModel }).from(styles).where(eq(styles.id, object.styleId)),
  ]);
  if (!source) throw new AppError("not_found", "No such image.", { field: "imageId" });
  return { source, styleDefault: style?.defaultModel };
}

/** A drawn animation's params: what was asked, on the object, at its size and detail, on a clear ground. */
const paramsFor = (
  object: ObjectRecord,
  asked: Omit<AnimationParams, "v" | "objectId" | "name" | "size" | "detail" | "transparent">,
): AnimationParams => ({
  v: 1,
  objectId: object.id,
  name: object.name,
  ...asked,
  size: object.size,
  detail: object.detail,
  // Frames stand on a clear ground, so they can be aligned and laid on a level.
  transparent: true,
});

const startAnimationJob = (
  deps: ObjectDeps,
  object: ObjectRecord,
  params: AnimationParams,
  provider: ImageProvider,
  actor: Actor,
) => startObjectJob(deps, object, { kind: "animation", params, provider }, actor);

/**
 * "Draw with a model": an animation whose frames a model that edits draws in order, from the
 * object's image and each frame before — a paid job of frames × directions drawn (the mirrored
 * ones are free), priced like as many images of the object on that model, refunded by the job's
 * rules; the sheet is made from the frames when it ends.
 */
export async function drawAnimation(
  deps: ObjectDeps,
  options: { actor: Actor; objectId: string; input: DrawnAnimationInput },
) {
  const { input, actor } = options;
  const object = await requireOwnedObject(deps.database.db, {
    workspaceId: actor.workspaceId,
    objectId: options.objectId,
  });
  const { source, styleDefault } = await sourceOf(deps, object, input.imageId);
  if (source.operation === "animated") throw new AppError("bad_request", NOT_A_DRAWING, { field: "imageId" });
  const provider = frameDrawer(deps, { requested: input.model, styleDefault });
  const params = paramsFor(object, {
    imageId: source.id,
    action: input.action,
    words: input.words ?? null,
    frames: input.frames,
    directions: input.directions,
    mirror: input.mirror,
    loop: input.loop,
    colours: input.colours ?? null,
    redo: null,
  });
  return { job: await startAnimationJob(deps, object, params, provider, actor) };
}

/**
 * "Redraw this frame": one frame of a sheet a model drew, drawn again with its neighbours as
 * references, as a paid job of one image; a new sheet with the frame replaced is made when it ends.
 */
export async function redrawFrame(
  deps: ObjectDeps,
  options: { actor: Actor; objectId: string; input: RedrawFrameInput },
) {
  const { input, actor } = options;
  const object = await requireOwnedObject(deps.database.db, {
    workspaceId: actor.workspaceId,
    objectId: options.objectId,
  });
  const { source: sheet, styleDefault } = await sourceOf(deps, object, input.imageId);
  const animation = sheet.params?.animation;
  const drawn = animation?.drawn;
  if (!animation || !drawn) throw new AppError("conflict", NOT_DRAWN, { field: "imageId" });
  if (input.frame >= drawn.frameIds.length) {
    throw new AppError("bad_request", `Choose a frame from 0 to ${drawn.frameIds.length - 1}.`, { field: "frame" });
  }
  const [first] = await deps.database.db
    .select({ parentImageId: images.parentImageId, provider: images.provider })
    .from(images)
    .where(eq(images.id, drawn.frameIds[0]!));
  if (!first?.parentImageId)
    throw new AppError("conflict", "The image the animation was drawn from was deleted.", { field: "imageId" });
  // The model that drew the sheet, while it is on offer: the frame should match the others.
  const drewIt = deps.providers.offeredById(first.provider) ? first.provider : styleDefault;
  const provider = frameDrawer(deps, { requested: input.model, styleDefault: drewIt });
  const params = paramsFor(object, {
    imageId: first.parentImageId,
    action: animation.action,
    words: drawn.words,
    frames: animation.frames,
    directions: animation.directions,
    mirror: drawn.mirror,
    loop: animation.loop,
    colours: animation.colours ?? null,
    redo: { sheetImageId: sheet.id, cell: input.frame },
  });
  return { job: await startAnimationJob(deps, object, params, provider, actor) };
}
