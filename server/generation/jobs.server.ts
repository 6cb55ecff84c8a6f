import { and, count, eq, inArray, lt, sql } from "drizzle-orm";
import sharp from "sharp";
import { priceOf, type DetailLevel, type ImageSize } from "~/lib/pricing";
import { publishBalance, refundCreditsWithin, reserveCredits, type Transaction } from "../credits/credits.server";
import { queryRows, type Database } from "../db/client.server";
import { generationJobs, images, styleReferences, styles } from "../db/schema";
import { publishUserEvent } from "../events/events.server";
import type { FileStorage } from "../storage/storage.server";
import { newId, styleFolder, type Style } from "../styles/styles.server";
import { ANCHOR_SUBJECTS, subjectPrompt } from "./prompts";
import {
  ProviderRefusalError,
  ProviderRetryableError,
  type ImageProvider,
  type ReferenceImage,
} from "./providers/provider";

export type GenerationJob = typeof generationJobs.$inferSelect;

export interface AnchorJobParams {
  size: ImageSize;
  detail: DetailLevel;
  transparent: boolean;
  subjects: string[];
}

export function anchorJobPrice(params: Pick<AnchorJobParams, "size" | "detail">): number {
  return priceOf({ size: params.size, detail: params.detail, count: ANCHOR_SUBJECTS.length });
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

export interface NewStyleInput {
  name: string;
  description: string;
  source: "text" | "image";
  prompt: string;
  palette: string[];
  seed: number;
  defaultSize: ImageSize;
  defaultDetail: DetailLevel;
  defaultTransparent: boolean;
  references?: { fileKey: string; width: number; height: number; bytes: number }[];
}

/** The user's earlier submission with this Idempotency-Key, if any. */
async function findJobByIdempotencyKey(
  db: Database,
  userId: string,
  idempotencyKey: string | undefined,
): Promise<GenerationJob | null> {
  if (!idempotencyKey) return null;
  const [job] = await db
    .select()
    .from(generationJobs)
    .where(and(eq(generationJobs.ownerId, userId), eq(generationJobs.idempotencyKey, idempotencyKey)));
  return job ?? null;
}

/** Inserts a style's sample job and reserves its credits, inside the caller's transaction. */
async function insertPaidAnchorJob(
  tx: Transaction,
  options: {
    userId: string;
    styleId: string;
    params: AnchorJobParams;
    credits: number;
    provider: Pick<ImageProvider, "id" | "model">;
    idempotencyKey?: string;
  },
): Promise<GenerationJob> {
  const [job] = await tx
    .insert(generationJobs)
    .values({
      id: newId(),
      ownerId: options.userId,
      kind: "style-anchor",
      styleId: options.styleId,
      params: options.params as unknown as Record<string, unknown>,
      provider: options.provider.id,
      model: options.provider.model,
      credits: options.credits,
      idempotencyKey: options.idempotencyKey ?? null,
    })
    .returning();
  await reserveCredits(tx, { userId: options.userId, amount: options.credits, ref: job!.id });
  return job!;
}

/**
 * Creates a style and its paid anchor job in one transaction: the credits are
 * reserved with the job, or neither exists. The same Idempotency-Key returns the
 * first submission instead of charging again.
 */
export async function createStyleWithAnchors(
  db: Database,
  options: {
    userId: string;
    style: NewStyleInput;
    provider: Pick<ImageProvider, "id" | "model">;
    idempotencyKey?: string;
    styleId?: string;
  },
): Promise<{ style: Style; job: GenerationJob; created: boolean }> {
  const { userId, style: input, provider, idempotencyKey } = options;
  const existing = async () => {
    const job = await findJobByIdempotencyKey(db, userId, idempotencyKey);
    if (!job?.styleId) return null;
    const [style] = await db.select().from(styles).where(eq(styles.id, job.styleId));
    return style ? { style, job, created: false } : null;
  };
  const replay = await existing();
  if (replay) return replay;

  const params: AnchorJobParams = {
    size: input.defaultSize,
    detail: input.defaultDetail,
    transparent: input.defaultTransparent,
    subjects: [...ANCHOR_SUBJECTS],
  };
  const credits = anchorJobPrice(params);
  try {
    return await db.transaction(async (tx) => {
      const [style] = await tx
        .insert(styles)
        .values({
          id: options.styleId ?? newId(),
          ownerId: userId,
          name: input.name,
          source: input.source,
          description: input.description,
          prompt: input.prompt,
          palette: input.palette,
          seed: input.seed,
          defaultSize: input.defaultSize,
          defaultDetail: input.defaultDetail,
          defaultTransparent: input.defaultTransparent,
        })
        .returning();
      if (input.references?.length) {
        await tx.insert(styleReferences).values(
          input.references.map((ref, position) => ({
            id: newId(),
            styleId: style!.id,
            ownerId: userId,
            position,
            ...ref,
          })),
        );
      }
      const job = await insertPaidAnchorJob(tx, {
        userId,
        styleId: style!.id,
        params,
        credits,
        provider,
        idempotencyKey,
      });
      return { style: style!, job, created: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const raced = await existing();
      if (raced) return raced;
    }
    throw error;
  }
}

export interface RunContext {
  db: Database;
  storage: FileStorage;
  provider: ImageProvider;
  maxAttempts: number;
  /** Pause before retry number `attempt` (1-based); tests pass a short one. */
  backoffMs?: (attempt: number) => number;
  signal?: AbortSignal;
}

const defaultBackoff = (attempt: number) => Math.min(30_000, 1000 * 2 ** (attempt - 1)) + Math.random() * 250;

async function publishJob(db: Database, job: GenerationJob, extra: Record<string, unknown> = {}) {
  await publishUserEvent(db, {
    userId: job.ownerId,
    type: "job",
    data: {
      jobId: job.id,
      styleId: job.styleId,
      status: job.status,
      error: job.error,
      refunded: job.refunded,
      ...extra,
    },
  });
}

/** The most input images a provider takes (the OpenAI Images API's edits: 16). */
const MAX_STYLE_REFERENCES = 16;

/**
 * What a run needs to know of its style's samples, in one read: the positions this job
 * already stored (a run after a crash skips them), and the samples of earlier jobs
 * (they count towards progress, and are sent as references).
 */
async function loadSamples(ctx: RunContext, job: GenerationJob, styleId: string) {
  const rows = await ctx.db
    .select({ jobId: images.jobId, position: images.position, fileKey: images.fileKey, format: images.format })
    .from(images)
    .where(and(eq(images.styleId, styleId), eq(images.role, "anchor")))
    .orderBy(images.createdAt, images.position);
  return {
    finished: new Set(rows.filter((r) => r.jobId === job.id).map((r) => r.position)),
    earlier: rows.filter((r) => r.jobId !== job.id),
  };
}

/**
 * What every image in a style is matched to: the user's reference images, then the
 * style's samples made by earlier jobs (so samples made later match the first ones).
 */
async function loadReferences(
  ctx: RunContext,
  styleId: string,
  earlierSamples: { fileKey: string; format: string }[],
): Promise<ReferenceImage[]> {
  const refs = await ctx.db
    .select({ fileKey: styleReferences.fileKey })
    .from(styleReferences)
    .where(eq(styleReferences.styleId, styleId))
    .orderBy(styleReferences.position);
  type File = { key: string; mimeType: ReferenceImage["mimeType"] };
  const files = [
    ...refs.map((r): File => ({ key: r.fileKey, mimeType: "image/png" })),
    ...earlierSamples.map((a): File => ({
      key: a.fileKey,
      mimeType: a.format === "webp" ? "image/webp" : "image/png",
    })),
  ].slice(0, MAX_STYLE_REFERENCES);
  const loaded = await Promise.all(files.map(async (file) => ({ ...file, data: await ctx.storage.read(file.key) })));
  return loaded.flatMap((file) => (file.data ? [{ data: file.data, mimeType: file.mimeType }] : []));
}

/**
 * Calls the provider, retrying rate limits, server errors and timeouts within a bounded
 * budget. Before each retry (seconds may have passed) it asks `stillWanted`, since the
 * job may have been cancelled meanwhile, and answers null instead of paying for an image
 * nobody wants. The first call needs no check: the job was seen running a moment before,
 * when it started or stored its previous image.
 */
async function generateWithRetries(
  ctx: RunContext,
  request: Parameters<ImageProvider["generate"]>[0],
  stillWanted: () => Promise<boolean>,
) {
  const backoff = ctx.backoffMs ?? defaultBackoff;
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1 && !(await stillWanted())) return null;
    try {
      return await ctx.provider.generate(request);
    } catch (error) {
      if (!(error instanceof ProviderRetryableError) || attempt >= ctx.maxAttempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, backoff(attempt)));
      ctx.signal?.throwIfAborted();
    }
  }
}

async function isRunning(db: Database, jobId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: generationJobs.status })
    .from(generationJobs)
    .where(eq(generationJobs.id, jobId));
  return row?.status === "running";
}

export function userFacingError(error: unknown): string {
  if (error instanceof ProviderRefusalError) {
    return "The image service declined this request under its content policy. Try a different description.";
  }
  if (error instanceof ProviderRetryableError)
    return "The image service is not answering right now. Please try again later.";
  return "The images could not be generated. Please try again.";
}

/**
 * Runs one generation job. Safe to run again after a crash: finished jobs are
 * left alone, and images already stored for this job are not generated twice.
 */
export async function runGenerationJob(ctx: RunContext, jobId: string): Promise<GenerationJob | null> {
  const { db } = ctx;
  const [job] = await db
    .update(generationJobs)
    .set({ status: "running", startedAt: new Date(), attempts: sql`${generationJobs.attempts} + 1` })
    .where(and(eq(generationJobs.id, jobId), inArray(generationJobs.status, ["queued", "running"])))
    .returning();
  if (!job) return null;
  await publishJob(db, job);

  try {
    const [style] = await db.select().from(styles).where(eq(styles.id, job.styleId!));
    if (!style) throw new Error("The style was deleted");
    const params = job.params as unknown as AnchorJobParams;
    const { finished, earlier } = await loadSamples(ctx, job, style.id);
    const references = await loadReferences(ctx, style.id, earlier);
    // Samples made by earlier jobs of this style count towards its progress too.
    const baseline = earlier.length;
    let made = finished.size;

    for (const [position, subject] of params.subjects.entries()) {
      if (finished.has(position)) continue;
      ctx.signal?.throwIfAborted();
      const prompt = subjectPrompt({ subject, stylePrompt: style.prompt, transparent: params.transparent });
      const result = await generateWithRetries(
        ctx,
        {
          prompt,
          size: params.size,
          detail: params.detail,
          transparent: params.transparent,
          references,
          seed: style.seed,
          n: 1,
          palette: style.palette,
          user: job.ownerId,
          signal: ctx.signal,
        },
        () => isRunning(db, job.id),
      );
      // Cancelled: stop before paying for more.
      if (!result) return null;
      const image = result.images[0]!;
      const meta = await sharp(image.data).metadata();
      // Each run writes its own file (the run number is in the name), so a run that
      // loses a race never deletes a file another run's record points to.
      const fileKey = `${styleFolder(job.ownerId, style.id)}/${job.id}-${position}-r${job.attempts}.${image.format}`;
      await ctx.storage.put(fileKey, image.data, `image/${image.format}`);
      // One statement reads the job under a share lock and stores the image only if the
      // job still runs: a cancel either waits for this image (and counts it as made) or
      // has committed, and the image is thrown away unpaid.
      const [outcome] = await queryRows<{ running: boolean; inserted: boolean }>(
        db,
        sql`
          with job as (
            select id from generation_jobs where id = ${job.id} and status = 'running' for share
          ),
          stored as (
            insert into images (id, owner_id, style_id, job_id, position, role, subject, file_key,
              width, height, format, has_alpha, bytes, seed, provider, model, prompt)
            select ${newId()}, ${job.ownerId}, ${style.id}, job.id, ${position}::int, 'anchor', ${subject}, ${fileKey},
              ${meta.width ?? 0}::int, ${meta.height ?? 0}::int, ${image.format}, ${Boolean(meta.hasAlpha)}::boolean,
              ${image.data.length}::int, ${style.seed}::int, ${ctx.provider.id}, ${ctx.provider.model}, ${prompt}
            from job
            on conflict (job_id, position) do nothing
            returning id
          )
          select exists (select 1 from job) as running, exists (select 1 from stored) as inserted`,
      );
      // Not stored (cancelled, or another run stored this position first): the file goes.
      if (!outcome?.inserted) await ctx.storage.delete(fileKey);
      if (!outcome?.running) return null;
      made++;
      await publishUserEvent(db, {
        userId: job.ownerId,
        type: "job-progress",
        data: {
          jobId: job.id,
          styleId: style.id,
          completed: baseline + made,
          total: baseline + params.subjects.length,
        },
      });
    }

    const [succeeded] = await db
      .update(generationJobs)
      .set({ status: "succeeded", finishedAt: new Date(), error: null })
      .where(and(eq(generationJobs.id, job.id), eq(generationJobs.status, "running")))
      .returning();
    // No row: the job was cancelled (its style deleted) or finished by another run meanwhile.
    if (succeeded) await publishJob(db, succeeded);
    return succeeded ?? null;
  } catch (error) {
    // An abort (shutdown, expiry) leaves the job to be retried; anything else ends it.
    if (ctx.signal?.aborted) throw error;
    await removeFilesOfDeletedStyle(ctx, job);
    return failJob(ctx, job, userFacingError(error));
  }
}

/** If the style went away while its job ran, files written since must not be left behind. */
async function removeFilesOfDeletedStyle(ctx: RunContext, job: GenerationJob): Promise<void> {
  if (!job.styleId) return;
  const [style] = await ctx.db.select({ id: styles.id }).from(styles).where(eq(styles.id, job.styleId));
  if (!style) await ctx.storage.deletePrefix(styleFolder(job.ownerId, job.styleId));
}

/**
 * Ends an unfinished job (failed, or cancelled) and refunds its credits, in one
 * transaction: a job that already finished is left alone, and the refund happens once.
 */
export async function failJob(
  ctx: Pick<RunContext, "db">,
  job: GenerationJob,
  message: string,
  status: "failed" | "canceled" = "failed",
): Promise<GenerationJob | null> {
  const { db } = ctx;
  const result = await db.transaction(async (tx) => {
    const [ended] = await tx
      .update(generationJobs)
      .set({ status, finishedAt: new Date(), error: message, refunded: true })
      .where(and(eq(generationJobs.id, job.id), inArray(generationJobs.status, ["queued", "running"])))
      .returning();
    if (!ended) return null;
    const balance = await refundCreditsWithin(tx, { userId: job.ownerId, amount: job.credits, ref: job.id });
    return { ended, balance };
  });
  if (!result) return null;
  await publishJob(db, result.ended);
  if (result.balance !== null) await publishBalance(db, job.ownerId);
  return result.ended;
}

/**
 * Ends jobs that have been unfinished for far longer than any run may take (their
 * queue entry ran out of retries): they fail and are refunded, never left charged.
 */
export async function sweepStaleJobs(ctx: Pick<RunContext, "db">, olderThanMs: number): Promise<number> {
  const stale = await ctx.db
    .select()
    .from(generationJobs)
    .where(
      and(
        inArray(generationJobs.status, ["queued", "running"]),
        lt(generationJobs.createdAt, new Date(Date.now() - olderThanMs)),
      ),
    );
  let ended = 0;
  for (const job of stale) {
    if (await failJob(ctx, job, "The images could not be generated in time. Please try again.")) ended++;
  }
  return ended;
}

/** Cancels a style's unfinished jobs and refunds them, before the style is deleted. */
export async function cancelStyleJobs(ctx: Pick<RunContext, "db">, options: { userId: string; styleId: string }) {
  const active = await ctx.db
    .select()
    .from(generationJobs)
    .where(
      and(
        eq(generationJobs.ownerId, options.userId),
        eq(generationJobs.styleId, options.styleId),
        inArray(generationJobs.status, ["queued", "running"]),
      ),
    );
  for (const job of active) await failJob(ctx, job, "Cancelled: the style was deleted.", "canceled");
}

export class JobConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "JobConflictError";
  }
}

/**
 * Stops a style's unfinished job at its owner's request. Samples already made are
 * kept and paid for; the rest of the reservation is refunded, once. A worker busy
 * with the next image throws it away (see runGenerationJob), so nothing is made unpaid.
 */
export async function cancelJob(
  ctx: Pick<RunContext, "db">,
  options: { userId: string; styleId: string },
): Promise<{ jobs: GenerationJob[]; refund: number } | null> {
  const { db } = ctx;
  const result = await db.transaction(async (tx) => {
    const ended = await tx
      .update(generationJobs)
      .set({ status: "canceled", finishedAt: new Date() })
      .where(
        and(
          eq(generationJobs.ownerId, options.userId),
          eq(generationJobs.styleId, options.styleId),
          eq(generationJobs.kind, "style-anchor"),
          inArray(generationJobs.status, ["queued", "running"]),
        ),
      )
      .returning();
    if (ended.length === 0) return null;
    const jobs: GenerationJob[] = [];
    const finished: GenerationJob[] = [];
    let refunded = 0;
    for (const job of ended) {
      const [made] = await tx.select({ count: count() }).from(images).where(eq(images.jobId, job.id));
      const total = (job.params as unknown as AnchorJobParams).subjects.length;
      const madeCount = Math.min(made?.count ?? 0, total);
      if (madeCount === total) {
        // Every image was already made: the job finished, there is nothing to cancel.
        const [done] = await tx
          .update(generationJobs)
          .set({ status: "succeeded", error: null })
          .where(eq(generationJobs.id, job.id))
          .returning();
        finished.push(done!);
        continue;
      }
      const refund = job.credits - Math.round((job.credits * madeCount) / total);
      if (refund > 0) await refundCreditsWithin(tx, { userId: job.ownerId, amount: refund, ref: job.id });
      const [updated] = await tx
        .update(generationJobs)
        .set({
          refunded: refund > 0,
          error:
            madeCount > 0
              ? `Cancelled after ${madeCount} of ${total} images. ${refund} unused credits were refunded.`
              : `Cancelled. Your ${refund} credits were refunded.`,
        })
        .where(eq(generationJobs.id, job.id))
        .returning();
      jobs.push(updated!);
      refunded += refund;
    }
    return { jobs, finished, refund: refunded };
  });
  if (!result) return null;
  for (const job of [...result.finished, ...result.jobs]) await publishJob(db, job);
  if (result.refund > 0) await publishBalance(db, options.userId);
  return result.jobs.length ? { jobs: result.jobs, refund: result.refund } : null;
}

/**
 * Makes the samples a style is missing (after a failed or cancelled job), as a paid
 * job matched to the samples it already has. The price covers only what is missing.
 */
export async function createMissingAnchorsJob(
  db: Database,
  options: {
    userId: string;
    styleId: string;
    provider: Pick<ImageProvider, "id" | "model">;
    idempotencyKey?: string;
  },
): Promise<{ job: GenerationJob; created: boolean } | null> {
  const { userId, styleId, provider, idempotencyKey } = options;
  const replay = async () => {
    const job = await findJobByIdempotencyKey(db, userId, idempotencyKey);
    return job?.styleId === styleId ? { job, created: false } : null;
  };
  const earlier = await replay();
  if (earlier) return earlier;
  try {
    return await db.transaction(async (tx) => {
      // The style's row lock makes two requests for the same samples take turns.
      const [style] = await tx
        .select()
        .from(styles)
        .where(and(eq(styles.id, styleId), eq(styles.ownerId, userId)))
        .for("update");
      if (!style) return null;
      const [active] = await tx
        .select({ id: generationJobs.id })
        .from(generationJobs)
        .where(and(eq(generationJobs.styleId, styleId), inArray(generationJobs.status, ["queued", "running"])));
      if (active) throw new JobConflictError("Sample images are already being made for this style.");
      const have = await tx
        .select({ subject: images.subject })
        .from(images)
        .where(and(eq(images.styleId, styleId), eq(images.role, "anchor")));
      const subjects = ANCHOR_SUBJECTS.filter((subject) => !have.some((image) => image.subject === subject));
      if (subjects.length === 0) throw new JobConflictError("This style already has all its sample images.");
      const params: AnchorJobParams = {
        size: style.defaultSize,
        detail: style.defaultDetail,
        transparent: style.defaultTransparent,
        subjects,
      };
      const credits = priceOf({ size: params.size, detail: params.detail, count: subjects.length });
      const job = await insertPaidAnchorJob(tx, { userId, styleId, params, credits, provider, idempotencyKey });
      return { job, created: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const raced = await replay();
      if (raced) return raced;
    }
    throw error;
  }
}
