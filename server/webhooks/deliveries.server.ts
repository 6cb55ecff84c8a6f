import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { JobEventType, WebhookDeliveryView, WebhookEvent } from "#domain/webhooks";
import type { Transaction } from "../credits/credits.server";
import type { Database } from "../db/client.server";
import { apiKeys, webhookDeliveries } from "../db/schema";
import type { JobEndingHook } from "../generation/job-endings.server";
import type { GenerationJob } from "../generation/job-record.server";
import { getJobView } from "../generation/job-views.server";
import type { WebhookNetwork } from "../net/address-policy.server";
import { postWebhook, type PostOutcome } from "./post-webhook.server";
import { signatureHeader } from "./signature.server";

/** Wakes the processes that hand new deliveries to the job queue (see delivery-queue.server.ts). */
export const WEBHOOKS_CHANNEL = "motif_webhooks";

const eventOfStatus: Partial<Record<GenerationJob["status"], JobEventType>> = {
  succeeded: "job.succeeded",
  failed: "job.failed",
  canceled: "job.canceled",
};

/**
 * Inside the transaction that ends a job: records its webhook event when the key that
 * started it has a webhook. The row commits with the job's end or not at all, so an
 * ending is never announced twice nor lost to a crash between the two; the notice
 * wakes a relay once it commits.
 */
export async function recordJobEnding(tx: Transaction, job: GenerationJob): Promise<void> {
  const event = eventOfStatus[job.status];
  if (!job.apiKeyId || !event) return;
  const inserted = await tx.execute(sql`
    insert into ${webhookDeliveries} (id, api_key_id, job_id, event)
    select ${randomUUID()}, ${apiKeys.id}, ${job.id}, ${event}
    from ${apiKeys}
    where ${apiKeys.id} = ${job.apiKeyId} and ${apiKeys.webhookUrl} is not null and ${apiKeys.revokedAt} is null
    on conflict (job_id) do nothing
    returning id`);
  const row = (inserted as unknown as { rows: { id: string }[] }).rows[0];
  if (row) await tx.execute(sql`select pg_notify(${WEBHOOKS_CHANNEL}, ${row.id})`);
}

/** How webhooks hear of job endings: only a key's jobs can have one. */
export const webhookEndingHook: JobEndingHook = {
  concerns: (job) => job.apiKeyId !== null,
  record: recordJobEnding,
};

/** Deliveries not yet handed to the job queue, oldest first. */
export async function unqueuedDeliveryIds(db: Database, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(isNull(webhookDeliveries.queuedAt))
    .orderBy(webhookDeliveries.createdAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function markQueued(db: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(webhookDeliveries)
    .set({ queuedAt: new Date() })
    .where(and(inArray(webhookDeliveries.id, ids), isNull(webhookDeliveries.queuedAt)));
}

/**
 * Deliveries still pending long after their last retry was due: their queue entry
 * was lost (it ran out of runs while a worker died). They are marked failed, so a
 * key's last delivery never says "pending" forever.
 */
export async function giveUpStaleDeliveries(db: Database, olderThanMs: number): Promise<number> {
  const given = await db
    .update(webhookDeliveries)
    .set({ status: "failed", lastError: "Delivery was given up: its retries ran out." })
    .where(
      and(
        eq(webhookDeliveries.status, "pending"),
        isNotNull(webhookDeliveries.queuedAt),
        lt(webhookDeliveries.createdAt, new Date(Date.now() - olderThanMs)),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return given.length;
}

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type KeyRow = typeof apiKeys.$inferSelect;

export function presentDelivery(row: DeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    status: row.status,
    event: row.event,
    jobId: row.jobId,
    attempts: row.attempts,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    lastResponse: row.lastResponse,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** Each key's most recent delivery. */
export async function lastDeliveries(db: Database, keyIds: string[]): Promise<Map<string, WebhookDeliveryView>> {
  if (keyIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([webhookDeliveries.apiKeyId])
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.apiKeyId, keyIds))
    .orderBy(webhookDeliveries.apiKeyId, desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id));
  return new Map(rows.map((row) => [row.apiKeyId, presentDelivery(row)]));
}

/** The body a delivery posts, made at its first attempt and kept, so every retry sends the same bytes. */
export async function bodyOf(db: Database, delivery: DeliveryRow, ownerId: string): Promise<string | null> {
  if (delivery.body) return delivery.body;
  if (!delivery.jobId || delivery.event === "webhook.test") return null;
  const job = await getJobView(db, { workspaceId: ownerId, jobId: delivery.jobId });
  if (!job) return null;
  const event: WebhookEvent = {
    id: delivery.id,
    type: delivery.event,
    createdAt: delivery.createdAt.toISOString(),
    data: { job },
  };
  const body = JSON.stringify(event);
  await db.update(webhookDeliveries).set({ body }).where(eq(webhookDeliveries.id, delivery.id));
  return body;
}

export interface DeliverContext {
  db: Database;
  network: WebhookNetwork;
  timeoutMs?: number;
}

/**
 * One attempt at a delivery. "retry" asks the queue to run it again later (with its
 * backoff); "done" means delivered or given up. On the last attempt a retryable
 * failure gives up. A delivery already settled (run twice by the queue) is left alone.
 */
export async function attemptDelivery(
  ctx: DeliverContext,
  deliveryId: string,
  options: { lastAttempt: boolean },
): Promise<"done" | "retry"> {
  const [found] = await ctx.db
    .select({ delivery: webhookDeliveries, key: apiKeys })
    .from(webhookDeliveries)
    .innerJoin(apiKeys, eq(apiKeys.id, webhookDeliveries.apiKeyId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!found || found.delivery.status !== "pending") return "done";
  const { delivery, key } = found;
  const settle = (set: Partial<DeliveryRow>) =>
    ctx.db
      .update(webhookDeliveries)
      .set({ lastAttemptAt: new Date(), ...set })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "pending")));

  // The key's current webhook: a URL fixed after a failure is used by the next retry.
  if (key.revokedAt || !key.webhookUrl || !key.webhookSecret) {
    await settle({ status: "failed", lastError: "The key's webhook was removed before the event could be delivered." });
    return "done";
  }
  const body = await bodyOf(ctx.db, delivery, key.userId);
  if (!body) {
    await settle({ status: "failed", lastError: "The job no longer exists." });
    return "done";
  }
  const result = await postDelivery(ctx, { delivery, key: { ...key, webhookUrl: key.webhookUrl }, body });
  const retry = result.outcome === "retry" && !options.lastAttempt;
  await settle(outcomeColumns(delivery, result, retry));
  return retry ? "retry" : "done";
}

/** Posts a delivery's body to the key's webhook, signed now, with the event's id and type. */
export function postDelivery(
  ctx: DeliverContext,
  options: { delivery: DeliveryRow; key: Pick<KeyRow, "webhookSecret"> & { webhookUrl: string }; body: string },
): Promise<PostOutcome> {
  const { delivery, key, body } = options;
  return postWebhook({
    url: key.webhookUrl,
    body,
    network: ctx.network,
    timeoutMs: ctx.timeoutMs,
    headers: {
      "Content-Type": "application/json",
      "User-Agent": "Motif-Webhooks/1",
      "Motif-Event-Id": delivery.id,
      "Motif-Event-Type": delivery.event,
      "Motif-Signature": signatureHeader(key.webhookSecret ?? "", body, Math.floor(Date.now() / 1000)),
    },
  });
}

/** What an attempt leaves on its delivery: one more attempt, and delivered, still pending or failed. */
export function outcomeColumns(delivery: DeliveryRow, result: PostOutcome, retry: boolean): Partial<DeliveryRow> {
  const answer = { attempts: delivery.attempts + 1, lastStatus: result.status, lastResponse: result.response };
  if (result.outcome === "delivered")
    return { ...answer, status: "delivered", lastError: null, deliveredAt: new Date() };
  return { ...answer, status: retry ? "pending" : "failed", lastError: result.error };
}
