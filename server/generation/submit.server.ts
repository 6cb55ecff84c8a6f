import type { Actor } from "#domain/actor";
import type { JobKind, JobParams } from "#domain/jobs";
import { unitPrice } from "#domain/pricing";
import type { Transaction } from "../credits/credits.server";
import { reserveCredits } from "../credits/ledger.server";
import { generationJobs } from "../db/schema";
import { newId } from "../ids.server";
import { dispatchJob, type DispatchDeps } from "./dispatch.server";
import type { GenerationJob } from "./job-record.server";
import { kindModule } from "./kinds/index.server";
import type { PricedParams } from "./kinds/kind.server";
import { assertProviderReachable } from "./providers/provider-checks.server";
import type { ImageProvider } from "./providers/provider";

/** A kind's params: a built-in kind's own, or what every kind's hold for an extension's. */
export type ParamsOf<K extends string> = K extends JobKind ? JobParams<K> : PricedParams & Record<string, unknown>;

/**
 * Inserts a job and reserves its credits inside the caller's transaction: both commit, or
 * neither. The price is the kind's image count times the model's price of one image at the
 * params' size and detail (the price shown before the click); the title is the kind's. A model
 * whose last connection check failed is refused first, so nothing is charged.
 */
export async function insertPaidJob<K extends string>(
  tx: Transaction,
  options: {
    id?: string;
    /** Who pays, and whose workspace the job is in. */
    actor: Actor;
    kind: K;
    styleId: string;
    params: ParamsOf<K>;
    /** The style's name, for the job's title. */
    styleName: string;
    provider: Pick<ImageProvider, "id" | "model" | "label" | "prices">;
  },
): Promise<GenerationJob> {
  await assertProviderReachable(tx, options.provider);
  const kind = kindModule(options.kind);
  const imageCount = kind.imageCount(options.params);
  const objectNames = kind.objects(options.params).map((object) => object.name);
  const title = kind.title(options.params, { styleName: options.styleName, objectNames });
  const { params } = options;
  const credits = imageCount * unitPrice({ size: params.size, detail: params.detail, prices: options.provider.prices });
  const id = options.id ?? newId();
  // Paid before the job's row exists: a key's cap counts its jobs, so this one is not counted twice.
  const { actor } = options;
  await reserveCredits(tx, { actor, amount: credits, ref: id });
  const [job] = await tx
    .insert(generationJobs)
    .values({
      id,
      ownerId: actor.workspaceId,
      // An extension's kind is stored like a built-in one; its module reads it (kinds/index.server.ts).
      kind: options.kind as string as JobKind,
      styleId: options.styleId,
      params: options.params as Record<string, unknown>,
      title,
      imageCount,
      provider: options.provider.id,
      model: options.provider.model,
      credits,
      apiKeyId: actor.apiKeyId,
      createdBy: actor.memberId,
    })
    .returning();
  return job!;
}

/**
 * Starts a paid job: inserted and paid for in one transaction (`insertPaidJob`), then handed to
 * the queue. What a use case that makes one job and nothing else in its transaction calls.
 */
export async function startPaidJob<K extends string>(
  deps: DispatchDeps,
  options: Parameters<typeof insertPaidJob<K>>[1],
): Promise<GenerationJob> {
  const { job } = await startPaidJobWith(deps, async (tx) => ({ job: await insertPaidJob(tx, options) }));
  return job;
}

/**
 * Starts a paid job with what must commit with it (a set's objects, a new style): `work` inserts
 * both in one transaction, the job through `insertPaidJob`; once that commits, the job is queued.
 * When `work` answers with an unfinished job it found instead (`existing`: the same samples asked
 * for twice), nothing new was paid and that job is on the queue already.
 */
export async function startPaidJobWith<R extends { job: GenerationJob; existing?: boolean }>(
  deps: DispatchDeps,
  work: (tx: Transaction) => Promise<R>,
): Promise<R> {
  const result = await deps.database.db.transaction(work);
  if (result.existing) return result;
  return { ...result, job: await dispatchJob(deps, result.job) };
}
