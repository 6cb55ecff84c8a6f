import { and, eq, inArray, sql } from "drizzle-orm";
import type { AnimationRecord } from "#domain/animation";
import { drawnDirections } from "#domain/animation";
import { images, objects } from "../../db/schema";
import { newId } from "../../ids.server";
import { alignDrawnFrames } from "../../images/animation/frames.server";
import { sheetPng } from "../../images/animation/sheet.server";
import { objectFolder } from "../../storage/folders.server";
import type { GenerationJob } from "../job-record.server";
import type { PlanContext } from "./kind.server";

/**
 * Stores the sheet of the frames a model drew (`animation.drawn.frameIds`) as a new image of the
 * object, made from `parentImageId` (the image animated, or the sheet a redo worked on): the frames
 * aligned onto one canvas and baseline, the mirrored directions flipped. Free: the frames were paid
 * for. Once per job: a run again after a crash finds the sheet it made. Nothing is stored when the
 * object, the parent or a frame has gone meanwhile.
 */
export async function storeAnimationSheet(
  ctx: PlanContext,
  options: { job: GenerationJob; parentImageId: string; objectId: string; animation: AnimationRecord },
): Promise<void> {
  const { db, storage } = ctx;
  const { job, animation } = options;
  const drawn = animation.drawn;
  if (!drawn || !job.styleId) return;
  const params = { animation };
  const [[parent], [earlier], frameRows] = await Promise.all([
    db.select().from(images).where(eq(images.id, options.parentImageId)),
    db
      .select({ id: images.id })
      .from(images)
      .where(
        and(
          eq(images.parentImageId, options.parentImageId),
          eq(images.operation, "animated"),
          sql`${images.operationParams} = ${JSON.stringify(params)}::jsonb`,
        ),
      ),
    db.select({ id: images.id, fileKey: images.fileKey }).from(images).where(inArray(images.id, drawn.frameIds)),
  ]);
  if (!parent || earlier) return;
  const files = await Promise.all(
    drawn.frameIds.map(async (id) => {
      const row = frameRows.find((frame) => frame.id === id);
      return row ? storage.read(row.fileKey) : null;
    }),
  );
  if (files.some((file) => !file)) return;
  const rows = drawnDirections(animation.directions, drawn.mirror).map(
    (_, row) => files.slice(row * animation.frames, (row + 1) * animation.frames) as Buffer[],
  );
  const aligned = await alignDrawnFrames(rows, {
    directions: animation.directions,
    mirror: drawn.mirror,
    colours: animation.colours,
  });
  const sheet = await sheetPng(aligned);
  const id = newId();
  const fileKey = `${objectFolder(job.ownerId, job.styleId, options.objectId)}/${id}-${animation.action}.png`;
  await storage.put(fileKey, sheet.data, "image/png");
  const stored = await db
    .transaction(async (tx) => {
      // The object may have been deleted while the frames were aligned: then nothing is kept.
      const [object] = await tx
        .select({ id: objects.id })
        .from(objects)
        .where(eq(objects.id, options.objectId))
        .for("share");
      if (!object) return false;
      await tx.insert(images).values({
        id,
        ownerId: job.ownerId,
        styleId: job.styleId,
        objectId: object.id,
        jobId: null,
        position: 0,
        role: "object",
        subject: parent.subject,
        fileKey,
        width: sheet.width,
        height: sheet.height,
        format: "png",
        hasAlpha: true,
        bytes: sheet.data.length,
        seed: parent.seed,
        provider: job.provider,
        model: job.model,
        prompt: parent.prompt,
        size: parent.size,
        detail: parent.detail,
        transparent: true,
        credits: 0,
        durationMs: null,
        parentImageId: parent.id,
        operation: "animated",
        operationParams: params,
      });
      return true;
    })
    .catch(async (error: unknown) => {
      await storage.delete(fileKey);
      throw error;
    });
  if (!stored) await storage.delete(fileKey);
}
