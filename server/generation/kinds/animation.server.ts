import { asc, eq, inArray } from "drizzle-orm";
import { actionWords, directionWords, drawnDirections, type AnimationRecord, type Direction } from "#domain/animation";
import type { AnimationParams } from "#domain/jobs";
import { images } from "../../db/schema";
import { objectFolder } from "../../storage/folders.server";
import { animationFramePrompt, seedFor } from "../prompts";
import { readReferences } from "../references.server";
import { animationParams } from "#domain/jobs";
import { storeAnimationSheet } from "./animation-sheet.server";
import {
  oneObject,
  quoted,
  requireJobImage,
  requireJobObject,
  requireJobStyle,
  type ImageTask,
  type JobKindModule,
  type PlanContext,
} from "./kind.server";
import type { GenerationJob } from "../job-record.server";
import type { ReferenceImage } from "../providers/provider";
import { editInput } from "./edit.server";

/** Frames a job draws: all of them, or the one frame a redo draws again. */
const frameCount = (params: AnimationParams) =>
  params.redo ? 1 : params.frames * drawnDirections(params.directions, params.mirror).length;

/** Where the frame at `cell` of the drawn order stands: its direction and its place in the row. */
function frameAt(params: AnimationParams, cell: number): { direction: Direction; frame: number } {
  const directions = drawnDirections(params.directions, params.mirror);
  return { direction: directions[Math.floor(cell / params.frames)]!, frame: cell % params.frames };
}

/** "walk · frame 3 of 8 · east": what a frame image is, as its lineage says. */
const frameLabel = (params: AnimationParams, cell: number) => {
  const { direction, frame } = frameAt(params, cell);
  const directions = params.directions > 1 ? ` · ${direction.toUpperCase()}` : "";
  return `${params.words ?? params.action} · frame ${frame + 1} of ${params.frames}${directions}`;
};

/**
 * An animation drawn by a model: each frame an edit of the object's image, drawn in order with the
 * frame before it (in its direction; a direction's first frame, the animation's first) as a
 * reference, so the motion follows on and the character stays the same. Each frame is an image of
 * the object, paid for as it is stored; afterwards the frames made are aligned into a sheet (free).
 * A redo draws one frame of a sheet again, with its neighbours as references, and makes a new sheet.
 */
export const animationKind: JobKindModule<"animation"> = {
  params: animationParams,
  makes: "objects",
  imageCount: frameCount,
  objects: (params) => oneObject(params, frameCount(params)),
  title: (params, { objectNames }) => {
    const name = quoted(objectNames[0] ?? params.name);
    const action = params.words ?? params.action;
    return params.redo
      ? `Frame redrawn in ${name}’s ${action}`
      : `${action[0]!.toUpperCase()}${action.slice(1)} animation of ${name}`;
  },
  async plan(ctx, job, params) {
    const style = await requireJobStyle(ctx, job);
    const object = await requireJobObject(ctx, params.objectId);
    const [{ image: source, file: original }, stored] = await Promise.all([
      requireJobImage(ctx, { objectId: object.id, imageId: params.imageId }, "animate"),
      ctx.db
        .select({ position: images.position, fileKey: images.fileKey, format: images.format })
        .from(images)
        .where(eq(images.jobId, job.id)),
    ]);
    const { input: base } = await editInput(original, source.format);
    const made = new Map<number, ReferenceImage>();
    await Promise.all(
      stored.map(async (frame) => {
        const [image] = await readReferences(ctx.storage, [frame]);
        if (image) made.set(frame.position, image);
      }),
    );
    const cells = params.redo ? [params.redo.cell] : Array.from({ length: frameCount(params) }, (_, cell) => cell);
    const tasks: ImageTask[] = cells.map((cell, position) => {
      const { direction, frame } = frameAt(params, cell);
      return {
        position,
        subject: object.name,
        prompt: animationFramePrompt({
          subject: object.name,
          action: params.words ?? actionWords[params.action],
          frame,
          frames: params.frames,
          loop: params.loop,
          facing: directionWords[direction],
          stylePrompt: style.prompt,
        }),
        objectId: object.id,
        seed: seedFor(style.seed, object.name, 1000 + cell),
        madeFrom: { imageId: source.id, operation: "generated", params: { view: frameLabel(params, cell) } },
        // The frame before in its row; a row's first frame follows the animation's first.
        follows: params.redo ? [] : frame > 0 ? [position - 1] : position > 0 ? [0] : [],
        work: {
          needs: "edit",
          call: (provider, request) => provider.edit!({ ...request, base, mask: null }),
          finish: async (image) => image,
        },
      };
    });
    return {
      style,
      role: "object",
      tasks,
      finished: new Set(stored.map((s) => s.position)),
      // A redrawn frame sees its neighbours in the sheet; a new animation, only its own frames.
      references: params.redo ? await neighbourFrames(ctx, params) : [],
      chain: null,
      baseline: 0,
      neighbours: [],
      made,
      folder: () => objectFolder(job.ownerId, style.id, object.id),
    };
  },
  afterImages: (ctx, job, params) => (params.redo ? redrawnSheet(ctx, job, params) : firstSheet(ctx, job, params)),
};

/** The sheet a redo works on: its settings and frames, if it is still there. */
async function sheetOf(ctx: PlanContext, sheetImageId: string) {
  const [sheet] = await ctx.db
    .select({ id: images.id, params: images.operationParams })
    .from(images)
    .where(eq(images.id, sheetImageId));
  const animation = sheet?.params?.animation;
  return sheet && animation?.drawn ? { id: sheet.id, animation, frameIds: animation.drawn.frameIds } : null;
}

/** The frames beside the one redrawn, as references: the one before it and the one after. */
async function neighbourFrames(ctx: PlanContext, params: AnimationParams): Promise<ReferenceImage[]> {
  const sheet = params.redo && (await sheetOf(ctx, params.redo.sheetImageId));
  if (!sheet || !params.redo) return [];
  const { cell } = params.redo;
  const { frame } = frameAt(params, cell);
  const ids = [frame > 0 ? cell - 1 : null, frame < params.frames - 1 ? cell + 1 : null].flatMap((at) =>
    at === null ? [] : [sheet.frameIds[at]!],
  );
  const rows = await ctx.db
    .select({ id: images.id, fileKey: images.fileKey, format: images.format })
    .from(images)
    .where(inArray(images.id, ids));
  return readReferences(
    ctx.storage,
    ids.flatMap((id) => rows.filter((row) => row.id === id)),
  );
}

/**
 * The sheet of a new animation, from the frames made: every frame, or when the run stopped part way
 * (cancelled, refused, failed), the frames each direction has from its first on — none when a
 * direction has fewer than two, since a frame alone does not move (unless one was asked: stills).
 */
async function firstSheet(ctx: PlanContext, job: GenerationJob, params: AnimationParams): Promise<void> {
  const frames = await ctx.db
    .select({ id: images.id, position: images.position })
    .from(images)
    .where(eq(images.jobId, job.id))
    .orderBy(asc(images.position));
  const byPosition = new Map(frames.map((frame) => [frame.position, frame.id]));
  const rows = drawnDirections(params.directions, params.mirror).length;
  let complete = params.frames;
  for (let row = 0; row < rows; row++) {
    let run = 0;
    while (run < params.frames && byPosition.has(row * params.frames + run)) run++;
    complete = Math.min(complete, run);
  }
  if (complete < Math.min(2, params.frames)) return;
  const frameIds = Array.from({ length: rows }, (_, row) =>
    Array.from({ length: complete }, (_, frame) => byPosition.get(row * params.frames + frame)!),
  ).flat();
  await storeAnimationSheet(ctx, {
    job,
    parentImageId: params.imageId,
    objectId: params.objectId,
    animation: { ...settingsOf(params), frames: complete, drawn: drawing(params, frameIds) },
  });
}

/** A redo's new sheet: the sheet it worked on with the one frame replaced by the one drawn. */
async function redrawnSheet(ctx: PlanContext, job: GenerationJob, params: AnimationParams): Promise<void> {
  const [frame] = await ctx.db.select({ id: images.id }).from(images).where(eq(images.jobId, job.id));
  const sheet = params.redo && (await sheetOf(ctx, params.redo.sheetImageId));
  if (!frame || !sheet || !params.redo) return;
  const frameIds = sheet.frameIds.map((id, at) => (at === params.redo!.cell ? frame.id : id));
  await storeAnimationSheet(ctx, {
    job,
    parentImageId: sheet.id,
    objectId: params.objectId,
    animation: { ...sheet.animation, drawn: drawing(params, frameIds) },
  });
}

const settingsOf = (params: AnimationParams): Omit<AnimationRecord, "drawn"> => ({
  action: params.action,
  frames: params.frames,
  directions: params.directions,
  loop: params.loop,
  ...(params.colours ? { colours: params.colours } : {}),
});

const drawing = (params: AnimationParams, frameIds: string[]) => ({
  words: params.words,
  mirror: params.mirror,
  frameIds,
});
