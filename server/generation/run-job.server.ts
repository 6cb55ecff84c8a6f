import { and, eq, inArray, sql } from "drizzle-orm";
import { limits } from "#domain/limits";
import type { JobParams } from "#domain/jobs";
import type { Database } from "../db/client.server";
import { generationJobs, styles } from "../db/schema";
import type { FileStorage } from "../storage/storage.server";
import { styleFolder } from "../storage/folders.server";
import { unitCreditsOf, type GenerationJob } from "./job-record.server";
import { kindModule, parseJobParams } from "./kinds/index.server";
import type { ImageTask, JobPlan } from "./kinds/kind.server";
import { isRunning, watchForCancel } from "./cancel-watch.server";
import { keyedTransparency } from "./keyed-transparency.server";
import { flatLookOf } from "#domain/looks";
import { getLogger } from "../logger.server";
import { providerStyleFor } from "./provider-style.server";
import { assertAskedShape } from "./answer-shape.server";
import { asStylePixelArt, drawsAsPixelArt } from "./pixel-style.server";
import type { MattingModel } from "./pipeline/matting-model.server";
import { failJob, finishJob } from "./lifecycle.server";
import {
  ProviderAnswerError,
  ProviderOpaqueImageError,
  ProviderRefusalError,
  type GenerateProgress,
  type ImageProvider,
  type ReferenceImage,
} from "./providers/provider";
import type { ProviderRegistry } from "./providers/registry.server";
import { publishJob, publishProgress } from "./publish.server";
import { generateWithRetries, isImageFailure, userFacingError, type RetryOptions } from "./retry.server";
import { hasRealAlpha, storeImage } from "./store-image.server";

export interface RunContext extends RetryOptions {
  db: Database;
  storage: FileStorage;
  providers: ProviderRegistry;
  /** The operator's matting model, used for the key-colour matte when configured. */
  matting?: MattingModel;
}

/** Refusals in a row, with nothing made, that show the request itself (not one subject) is refused. */
const REFUSALS_BEFORE_GIVING_UP = 3;

class ProviderUnavailableError extends Error {
  override name = "ProviderUnavailableError";
}

/** Step progress goes to the browser at most this often (and always at the last step). */
const STEP_EVENT_MS = 250;

/**
 * Runs one generation job with the provider it was submitted to. Safe to run again
 * after a crash: finished jobs are left alone, and images already stored for this job
 * are not generated twice.
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

  let afterImages = async () => {};
  try {
    const provider = ctx.providers.get(job.provider);
    if (!provider) throw new ProviderUnavailableError(job.provider);
    const params = parseJobParams(job);
    const kind = kindModule(job.kind);
    const plan = await kind.plan(ctx, job, params);
    // An edit queued before the operator changed the model's settings cannot run on it now.
    if (plan.tasks.some((task) => task.work && !provider[task.work.needs])) {
      throw new ProviderUnavailableError(job.provider);
    }
    afterImages = () =>
      (kind.afterImages?.(ctx, job, params) ?? Promise.resolve()).catch((error: unknown) =>
        getLogger().error({ err: error, jobId: job.id }, "What the job makes of its images could not be made"),
      );
    const outcome = await makeImages(ctx, job, params, plan, provider);
    await afterImages();
    if (outcome.ended) return null;
    return await finishJob(ctx, job, outcome.imageError);
  } catch (error) {
    // An abort (shutdown, expiry) leaves the job to be retried; anything else ends it.
    if (ctx.signal?.aborted) throw error;
    await afterImages();
    await removeFilesOfDeletedStyle(ctx, job);
    const message =
      error instanceof ProviderUnavailableError
        ? "The model this job was made with is not available any more. Please generate again."
        : userFacingError(error);
    return failJob(ctx, job, message);
  }
}

/** Makes each image of the plan not made yet, storing each as it comes. */
async function makeImages(
  ctx: RunContext,
  job: GenerationJob,
  params: Pick<JobParams<"object-images">, "size" | "detail" | "transparent">,
  plan: JobPlan,
  provider: ImageProvider,
): Promise<{ ended: boolean; imageError: string | null }> {
  const maxReferences = Math.min(provider.capabilities.maxReferences, limits.providerReferences);
  const goneObjects = new Set<string>();
  const made = plan.made ?? new Map<number, ReferenceImage>();
  let madeCount = plan.finished.size;
  let refusalsInARow = 0;
  let imageError: string | null = null;
  const look = flatLookOf(plan.style);
  const providerStyle = await providerStyleFor(ctx, { provider, style: plan.style, look, signal: ctx.signal });

  for (const task of plan.tasks) {
    if (plan.finished.has(task.position) || (task.objectId && goneObjects.has(task.objectId))) continue;
    ctx.signal?.throwIfAborted();
    const chained = plan.chain?.first ? [plan.chain.first] : [];
    const started = Date.now();
    const progress = { completed: plan.baseline + madeCount, total: plan.baseline + plan.tasks.length };
    // A provider without alpha is asked for a flat key colour, which the matte then takes out.
    const keyed =
      params.transparent && !provider.capabilities.nativeAlpha
        ? keyedTransparency(task.prompt, plan.style.palette, ctx.matting)
        : null;
    const prompt = keyed?.prompt ?? task.prompt;
    // A cancel from any process aborts the provider's call, not only the wait for it.
    const cancel = watchForCancel(ctx.db, job.id, { parent: ctx.signal });
    let result;
    try {
      result = await generateWithRetries(
        provider,
        {
          prompt,
          size: params.size,
          detail: params.detail,
          transparent: params.transparent && !keyed,
          references: [...(plan.identity ?? []), ...followed(task, made), ...chained, ...plan.references].slice(
            0,
            maxReferences,
          ),
          ...(plan.learned ? { learned: plan.learned } : {}),
          seed: task.seed,
          n: 1,
          palette: plan.style.palette,
          look,
          ...(providerStyle ? { providerStyle } : {}),
          neighbours: plan.neighbours.filter((name) => name !== task.subject),
          ...(plan.avoid && task.variant !== undefined ? { avoid: plan.avoid, variant: task.variant } : {}),
          ...(plan.drawing ? { drawing: plan.drawing } : {}),
          user: job.ownerId,
          signal: cancel.signal,
          onProgress: provider.capabilities.progress ? stepPublisher(ctx, job, task, progress) : undefined,
        },
        { ...ctx, signal: cancel.signal },
        () => isRunning(ctx.db, job.id),
        task.work ? (request) => task.work!.call(provider, request) : undefined,
      );
      if (!task.work && result?.images[0]) await assertAskedShape(result.images[0], params.size);
      if (keyed && result?.images[0]) result.images[0] = await keyed.matte(result.images[0]);
      if (task.work && result?.images[0]) result.images[0] = await task.work.finish(result.images[0]);
      if (task.finish && result?.images[0]) result.images[0] = await task.finish(result.images[0]);
      if (!task.work && result?.images[0] && drawsAsPixelArt(plan.style, provider.id)) {
        result.images[0] = await asStylePixelArt(result.images[0], plan.style);
      }
      const image = result?.images[0];
      if (image && params.transparent && !(await hasRealAlpha(image.data))) throw new ProviderOpaqueImageError();
    } catch (error) {
      // Cancelled while the provider worked: stop before paying for more (the cancel refunded the rest).
      if (cancel.canceled && !ctx.signal?.aborted) return { ended: true, imageError };
      if (!isImageFailure(error)) throw error;
      // One image refused, opaque or answered with something unusable: the others go on, and
      // this one is refunded at the end.
      imageError = userFacingError(error);
      if (error instanceof ProviderAnswerError) {
        getLogger().warn({ err: error, jobId: job.id, provider: provider.id }, "an image's answer could not be used");
      }
      refusalsInARow = error instanceof ProviderRefusalError ? refusalsInARow + 1 : 0;
      if (madeCount === 0 && refusalsInARow >= REFUSALS_BEFORE_GIVING_UP) throw error;
      continue;
    } finally {
      cancel.stop();
    }
    // Cancelled while retrying: stop before paying for more.
    if (!result) return { ended: true, imageError };
    refusalsInARow = 0;
    const image = result.images[0]!;
    const outcome = await storeImage(ctx, job, {
      folder: plan.folder(task),
      image,
      record: {
        position: task.position,
        role: plan.role,
        subject: task.subject,
        objectId: task.objectId,
        prompt,
        seed: task.seed,
        size: params.size,
        detail: params.detail,
        transparent: params.transparent,
        credits: unitCreditsOf(job),
        durationMs: Date.now() - started,
        madeFrom: task.madeFrom,
      },
    });
    if (outcome.kind === "job-ended") return { ended: true, imageError };
    if (outcome.kind === "object-gone") {
      goneObjects.add(task.objectId!);
      continue;
    }
    madeCount++;
    const reference: ReferenceImage = {
      data: image.data,
      mimeType: image.format === "webp" ? "image/webp" : "image/png",
    };
    made.set(task.position, reference);
    if (plan.chain && !plan.chain.first) plan.chain.first = reference;
    await publishProgress(ctx.db, job.ownerId, {
      jobId: job.id,
      kind: job.kind,
      styleId: job.styleId,
      objectId: task.objectId,
      imageId: outcome.kind === "stored" ? outcome.imageId : null,
      completed: plan.baseline + madeCount,
      total: plan.baseline + plan.tasks.length,
    });
  }
  return { ended: false, imageError };
}

/** The images a task follows, as references: those made (a frame refused before it is skipped). */
function followed(task: ImageTask, made: Map<number, ReferenceImage>): ReferenceImage[] {
  return (task.follows ?? []).flatMap((position) => {
    const image = made.get(position);
    return image ? [image] : [];
  });
}

/** Tells the owner's pages how far the image being made has come, a few times a second at most. */
function stepPublisher(
  ctx: RunContext,
  job: GenerationJob,
  task: ImageTask,
  progress: { completed: number; total: number },
): (step: GenerateProgress) => void {
  let last = 0;
  return (step) => {
    const now = Date.now();
    if (now - last < STEP_EVENT_MS && step.step < step.steps) return;
    last = now;
    publishProgress(ctx.db, job.ownerId, {
      jobId: job.id,
      kind: job.kind,
      styleId: job.styleId,
      objectId: task.objectId,
      imageId: null,
      ...progress,
      step: { step: step.step, steps: step.steps },
    }).catch(() => {});
  };
}

/** If the style went away while its job ran, files written since must not be left behind. */
async function removeFilesOfDeletedStyle(ctx: RunContext, job: GenerationJob): Promise<void> {
  if (!job.styleId) return;
  const [style] = await ctx.db.select({ id: styles.id }).from(styles).where(eq(styles.id, job.styleId));
  if (!style) await ctx.storage.deletePrefix(styleFolder(job.ownerId, job.styleId));
}
