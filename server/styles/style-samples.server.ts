import { and, eq, inArray } from "drizzle-orm";
import { AppError } from "#domain/errors";
import { jobTitle, type StyleSamplesParams } from "#domain/jobs";
import { priceOf, unitPrice } from "#domain/pricing";
import type { DetailLevel, ImageSize } from "#domain/images";
import type { Database } from "../db/client.server";
import { generationJobs, images, styleReferences, styles } from "../db/schema";
import type { GenerationJob } from "../generation/job-record.server";
import { activeJobIdsOfStyle } from "../generation/lifecycle.server";
import { ANCHOR_SUBJECTS } from "../generation/prompts";
import type { ImageProvider } from "../generation/providers/provider";
import { insertPaidJob, once } from "../generation/submit.server";
import { newId } from "../ids.server";
import type { Style } from "./styles.server";

export function samplesJobPrice(params: { size: ImageSize; detail: DetailLevel }): number {
  return priceOf({ ...params, count: ANCHOR_SUBJECTS.length });
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

type Idempotency = { key: string; requestHash: string };

/**
 * Creates a style and its paid sample job in one transaction: the credits are
 * reserved with the job, or neither exists. The same Idempotency-Key returns the
 * first submission instead of charging again.
 */
export async function createStyleWithSamples(
  db: Database,
  options: {
    userId: string;
    style: NewStyleInput;
    provider: Pick<ImageProvider, "id" | "model" | "priceRate">;
    idempotency?: Idempotency;
    styleId?: string;
  },
): Promise<{ style: Style; job: GenerationJob; created: boolean }> {
  const { userId, style: input, provider, idempotency } = options;
  const result = await once(db, {
    userId,
    idempotency,
    async replay(job) {
      if (!job.styleId) return null;
      const [style] = await db.select().from(styles).where(eq(styles.id, job.styleId));
      return style ? { style, job } : null;
    },
    create: () =>
      db.transaction(async (tx) => {
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
        const params: StyleSamplesParams = {
          v: 1,
          size: input.defaultSize,
          detail: input.defaultDetail,
          transparent: input.defaultTransparent,
          subjects: [...ANCHOR_SUBJECTS],
        };
        const job = await insertPaidJob(tx, {
          userId,
          kind: "style-samples",
          styleId: style!.id,
          params,
          title: jobTitle("style-samples", { styleName: style!.name }),
          unitCredits: unitPrice({ ...params, rate: provider.priceRate }),
          provider,
          idempotency,
        });
        return { style: style!, job };
      }),
  });
  return { style: result.style, job: result.job, created: !result.replayed };
}

/**
 * Makes the samples a style is missing (after a failed or cancelled job), as a paid
 * job matched to the samples it already has. The price covers only what is missing.
 */
export async function createMissingSamplesJob(
  db: Database,
  options: {
    userId: string;
    styleId: string;
    provider: Pick<ImageProvider, "id" | "model" | "priceRate">;
    idempotency?: Idempotency;
  },
): Promise<{ job: GenerationJob; created: boolean }> {
  const { userId, styleId, provider, idempotency } = options;
  const result = await once(db, {
    userId,
    idempotency,
    replay: async (job) => (job.styleId === styleId ? { job } : null),
    create: () =>
      db.transaction(async (tx) => {
        // The style's row lock makes two requests for the same samples take turns.
        const [style] = await tx
          .select()
          .from(styles)
          .where(and(eq(styles.id, styleId), eq(styles.ownerId, userId)))
          .for("update");
        if (!style) throw new AppError("not_found", "No such style.");
        const [active] = await tx
          .select({ id: generationJobs.id })
          .from(generationJobs)
          .where(
            and(
              eq(generationJobs.styleId, styleId),
              eq(generationJobs.kind, "style-samples"),
              inArray(generationJobs.status, ["queued", "running"]),
            ),
          );
        if (active) throw new AppError("conflict", "Sample images are already being made for this style.");
        const have = await tx
          .select({ subject: images.subject })
          .from(images)
          .where(and(eq(images.styleId, styleId), eq(images.role, "anchor")));
        const subjects = ANCHOR_SUBJECTS.filter((subject) => !have.some((image) => image.subject === subject));
        if (subjects.length === 0) throw new AppError("conflict", "This style already has all its sample images.");
        const params: StyleSamplesParams = {
          v: 1,
          size: style.defaultSize,
          detail: style.defaultDetail,
          transparent: style.defaultTransparent,
          subjects,
        };
        const job = await insertPaidJob(tx, {
          userId,
          kind: "style-samples",
          styleId,
          params,
          title: jobTitle("style-samples", { styleName: style.name }),
          unitCredits: unitPrice({ ...params, rate: provider.priceRate }),
          provider,
          idempotency,
        });
        return { job };
      }),
  });
  return { job: result.job, created: !result.replayed };
}

/** The style's unfinished sample jobs (what its card's Cancel stops). */
export function activeSampleJobIds(db: Database, options: { userId: string; styleId: string }) {
  return activeJobIdsOfStyle(db, { ...options, kind: "style-samples" });
}
