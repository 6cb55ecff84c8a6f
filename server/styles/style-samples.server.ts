import type { Actor } from "#domain/actor";
import { and, eq, inArray } from "drizzle-orm";
import { AppError } from "#domain/errors";
import { type StyleSamplesParams } from "#domain/jobs";
import type { DetailLevel, ImageSize } from "#domain/images";
import { sampleDetail, samplesPrice, staleReasons, type SamplesBasis, type StaleReason } from "#domain/styles";
import type { Transaction } from "../credits/credits.server";
import type { Database } from "../db/client.server";
import { generationJobs, images, styleReferences, styles } from "../db/schema";
import type { GenerationJob } from "../generation/job-record.server";
import { activeJobIdsOfStyle } from "../generation/lifecycle.server";
import { sampleSubjectsFor } from "#domain/presets";
import { ANCHOR_SUBJECTS } from "../generation/prompts";
import type { ImageProvider } from "../generation/providers/provider";
import { insertPaidJob } from "../generation/submit.server";
import { newId } from "../ids.server";
import type { Style } from "./styles.server";

export function samplesJobPrice(params: { size: ImageSize; detail: DetailLevel }): number {
  return samplesPrice({ ...params, count: ANCHOR_SUBJECTS.length });
}

/** What samples made now would be made for: the style's words, palette, settings and references. */
export function samplesBasisOf(
  style: Pick<Style, "description" | "palette" | "defaultSize" | "defaultDetail" | "defaultTransparent">,
  referenceIds: string[],
): SamplesBasis {
  return {
    description: style.description,
    palette: style.palette,
    size: style.defaultSize,
    detail: sampleDetail(style.defaultDetail),
    transparent: style.defaultTransparent,
    references: referenceIds,
  };
}

/**
 * Inserts the paid job that makes samples of `subjects` at the style's settings
 * (detail capped, see sampleDetail), inside the caller's transaction.
 */
function insertSamplesJob(
  tx: Transaction,
  options: {
    /** Who pays, and whose workspace the style is in. */
    actor: Actor;
    style: Pick<Style, "id" | "name" | "defaultSize" | "defaultDetail" | "defaultTransparent">;
    subjects: string[];
    provider: Pick<ImageProvider, "id" | "model" | "label" | "prices">;
  },
): Promise<GenerationJob> {
  const { style, provider } = options;
  const params: StyleSamplesParams = {
    v: 1,
    size: style.defaultSize,
    detail: sampleDetail(style.defaultDetail),
    transparent: style.defaultTransparent,
    subjects: options.subjects,
  };
  return insertPaidJob(tx, {
    actor: options.actor,
    kind: "style-samples",
    styleId: style.id,
    params,
    styleName: style.name,
    provider,
  });
}

/** What changed since a style's samples were made (empty when it has none, or they match). */
export async function samplesStaleOf(db: Database, style: Style): Promise<StaleReason[]> {
  const anchors = await db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.styleId, style.id), eq(images.role, "anchor")));
  if (!anchors.length) return [];
  return staleReasons(style.samplesBasis, samplesBasisOf(style, await referenceIdsOf(db, style.id)));
}

async function referenceIdsOf(tx: Transaction | Database, styleId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: styleReferences.id })
    .from(styleReferences)
    .where(eq(styleReferences.styleId, styleId));
  return rows.map((r) => r.id);
}

export interface NewStyleInput {
  name: string;
  description: string;
  derivedDescription?: string | null;
  source: "text" | "image";
  prompt: string;
  palette: string[];
  seed: number;
  defaultSize: ImageSize;
  defaultDetail: DetailLevel;
  defaultTransparent: boolean;
  /** The model picked for it (null: the operator's default). */
  defaultModel?: string | null;
  references?: { id: string; fileKey: string; width: number; height: number; bytes: number }[];
}

/**
 * Inserts a style and its paid sample job inside the caller's transaction (startPaidJobWith):
 * the credits are reserved with the job, or neither exists.
 */
export async function insertStyleWithSamples(
  tx: Transaction,
  options: {
    /** Who pays, and whose workspace the style is in. */
    actor: Actor;
    style: NewStyleInput;
    provider: Pick<ImageProvider, "id" | "model" | "label" | "prices">;
    styleId?: string;
  },
): Promise<{ style: Style; job: GenerationJob }> {
  const { style: input, provider } = options;
  const { workspaceId, memberId } = options.actor;
  const [style] = await tx
    .insert(styles)
    .values({
      id: options.styleId ?? newId(),
      ownerId: workspaceId,
      createdBy: memberId,
      name: input.name,
      source: input.source,
      description: input.description,
      derivedDescription: input.derivedDescription ?? null,
      prompt: input.prompt,
      palette: input.palette,
      seed: input.seed,
      defaultSize: input.defaultSize,
      defaultDetail: input.defaultDetail,
      defaultTransparent: input.defaultTransparent,
      defaultModel: input.defaultModel ?? null,
      samplesBasis: samplesBasisOf(
        input,
        (input.references ?? []).map((r) => r.id),
      ),
    })
    .returning();
  if (input.references?.length) {
    await tx.insert(styleReferences).values(
      input.references.map((ref, position) => ({
        styleId: style!.id,
        ownerId: workspaceId,
        position,
        ...ref,
      })),
    );
  }
  const job = await insertSamplesJob(tx, {
    actor: options.actor,
    style: style!,
    subjects: sampleSubjectsFor(style!.description, ANCHOR_SUBJECTS),
    provider,
  });
  return { style: style!, job };
}

/**
 * Inserts the job that makes the samples a style is missing (after a failed or cancelled job),
 * paid and matched to the samples it already has, inside the caller's transaction. The price
 * covers only what is missing. While a sample job of the style is unfinished, that job is the
 * answer (`existing`).
 */
export async function insertMissingSamplesJob(
  tx: Transaction,
  options: {
    /** Who pays, and whose workspace the style is in. */
    actor: Actor;
    styleId: string;
    provider: Pick<ImageProvider, "id" | "model" | "label" | "prices">;
  },
): Promise<{ job: GenerationJob; existing: boolean }> {
  const { styleId, provider } = options;
  const { workspaceId } = options.actor;
  const { style, active } = await lockStyleForSamples(tx, { workspaceId, styleId });
  if (active) return { job: active, existing: true };
  const have = await tx
    .select({ subject: images.subject })
    .from(images)
    .where(and(eq(images.styleId, styleId), eq(images.role, "anchor")));
  const subjects = sampleSubjectsFor(style.description, ANCHOR_SUBJECTS).filter(
    (subject) => !have.some((image) => image.subject === subject),
  );
  if (subjects.length === 0) throw new AppError("conflict", "This style already has all its sample images.");
  // A style without samples (a preset's) gets them made for what it is now.
  if (have.length === 0) {
    await tx
      .update(styles)
      .set({ samplesBasis: samplesBasisOf(style, await referenceIdsOf(tx, styleId)) })
      .where(eq(styles.id, styleId));
  }
  const job = await insertSamplesJob(tx, {
    actor: options.actor,
    style,
    subjects,
    provider,
  });
  return { job, existing: false };
}

/**
 * The style row, locked, and its unfinished sample job if it has one: two requests for the
 * same samples take turns, and the second finds the first one's job instead of paying again.
 */
async function lockStyleForSamples(
  tx: Transaction,
  options: { workspaceId: string; styleId: string },
): Promise<{ style: Style; active: GenerationJob | undefined }> {
  const { workspaceId, styleId } = options;
  const [style] = await tx
    .select()
    .from(styles)
    .where(and(eq(styles.id, styleId), eq(styles.ownerId, workspaceId)))
    .for("update");
  if (!style) throw new AppError("not_found", "No such style.");
  const [active] = await tx
    .select()
    .from(generationJobs)
    .where(
      and(
        eq(generationJobs.styleId, styleId),
        eq(generationJobs.kind, "style-samples"),
        inArray(generationJobs.status, ["queued", "running"]),
      ),
    )
    .limit(1);
  return { style, active };
}

/**
 * Replaces a style's samples with new ones made for what the style is now (after an
 * edit made them out of date): the old samples go and a paid job makes four new ones,
 * in one transaction. The job charges for the images it makes and refunds the rest,
 * so the user pays for the new samples they keep. Returns the old samples' files, to
 * delete once this has committed. While a sample job of the style is unfinished, that
 * job is the answer (`existing`) and nothing is replaced.
 */
export async function insertRegeneratedSamplesJob(
  tx: Transaction,
  options: {
    /** Who pays, and whose workspace the style is in. */
    actor: Actor;
    styleId: string;
    provider: Pick<ImageProvider, "id" | "model" | "label" | "prices">;
  },
): Promise<{ job: GenerationJob; oldFiles: string[]; existing: boolean }> {
  const { styleId, provider } = options;
  const { workspaceId } = options.actor;
  const { style, active } = await lockStyleForSamples(tx, { workspaceId, styleId });
  if (active) return { job: active, oldFiles: [], existing: true };
  const old = await tx
    .delete(images)
    .where(and(eq(images.styleId, styleId), eq(images.role, "anchor")))
    .returning({ fileKey: images.fileKey });
  await tx
    .update(styles)
    .set({ samplesBasis: samplesBasisOf(style, await referenceIdsOf(tx, styleId)), updatedAt: new Date() })
    .where(eq(styles.id, styleId));
  const job = await insertSamplesJob(tx, {
    actor: options.actor,
    style,
    subjects: sampleSubjectsFor(style.description, ANCHOR_SUBJECTS),
    provider,
  });
  return { job, oldFiles: old.map((o) => o.fileKey), existing: false };
}

/**
 * Keeps a style's samples as they are after an edit: they are recorded as made for
 * what the style is now, so they no longer show as out of date.
 */
export async function keepSamples(db: Database, options: { workspaceId: string; styleId: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [style] = await tx
      .select()
      .from(styles)
      .where(and(eq(styles.id, options.styleId), eq(styles.ownerId, options.workspaceId)))
      .for("update");
    if (!style) return false;
    await tx
      .update(styles)
      .set({ samplesBasis: samplesBasisOf(style, await referenceIdsOf(tx, style.id)) })
      .where(eq(styles.id, style.id));
    return true;
  });
}

/** The style's unfinished sample jobs (what its card's Cancel stops). */
export function activeSampleJobIds(db: Database, options: { workspaceId: string; styleId: string }) {
  return activeJobIdsOfStyle(db, { ...options, kind: "style-samples" });
}
