import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { AppError } from "#domain/errors";
import { imageCountOf, type JobKind, type JobParams } from "#domain/jobs";
import { reserveCredits, type Transaction } from "../credits/credits.server";
import type { Database } from "../db/client.server";
import { generationJobs } from "../db/schema";
import { newId } from "../ids.server";
import type { GenerationJob } from "./job-record.server";
import type { ImageProvider } from "./providers/provider";

/** The hash an Idempotency-Key is stored with: the same key with another request is refused. */
export function requestHash(request: unknown): string {
  return createHash("sha256").update(JSON.stringify(request)).digest("hex");
}

/**
 * Inserts a job and reserves its credits inside the caller's transaction: both
 * commit, or neither. The price is the kind's image count times `unitCredits`.
 */
export async function insertPaidJob<K extends JobKind>(
  tx: Transaction,
  options: {
    id?: string;
    userId: string;
    kind: K;
    styleId: string;
    params: JobParams<K>;
    title: string;
    unitCredits: number;
    provider: Pick<ImageProvider, "id" | "model">;
    idempotency?: { key: string; requestHash: string };
  },
): Promise<GenerationJob> {
  const imageCount = imageCountOf(options.kind, options.params);
  const credits = imageCount * options.unitCredits;
  const [job] = await tx
    .insert(generationJobs)
    .values({
      id: options.id ?? newId(),
      ownerId: options.userId,
      kind: options.kind,
      styleId: options.styleId,
      params: options.params as Record<string, unknown>,
      title: options.title,
      imageCount,
      provider: options.provider.id,
      model: options.provider.model,
      credits,
      idempotencyKey: options.idempotency?.key ?? null,
      requestHash: options.idempotency?.requestHash ?? null,
    })
    .returning();
  await reserveCredits(tx, { userId: options.userId, amount: credits, ref: job!.id });
  return job!;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

async function findByKey(db: Database, userId: string, key: string): Promise<GenerationJob | null> {
  const [job] = await db
    .select()
    .from(generationJobs)
    .where(and(eq(generationJobs.ownerId, userId), eq(generationJobs.idempotencyKey, key)));
  return job ?? null;
}

/**
 * Runs a spending submission at most once per Idempotency-Key: a replay (even one
 * racing the first request) gets the first answer, shaped by `replay` from the job it
 * made; the same key with a different request is refused.
 */
export async function once<T>(
  db: Database,
  options: {
    userId: string;
    idempotency?: { key: string; requestHash: string };
    replay(job: GenerationJob): Promise<T | null>;
    create(): Promise<T>;
  },
): Promise<T & { replayed: boolean }> {
  const { idempotency } = options;
  const earlier = async () => {
    if (!idempotency) return null;
    const job = await findByKey(db, options.userId, idempotency.key);
    if (!job) return null;
    if (job.requestHash && job.requestHash !== idempotency.requestHash) {
      throw new AppError(
        "idempotency_mismatch",
        "This Idempotency-Key was already used for a different request. Use a new key for a new request.",
      );
    }
    return options.replay(job);
  };
  const replay = await earlier();
  if (replay) return { ...replay, replayed: true };
  try {
    return { ...(await options.create()), replayed: false };
  } catch (error) {
    if (isUniqueViolation(error)) {
      const raced = await earlier();
      if (raced) return { ...raced, replayed: true };
    }
    throw error;
  }
}
