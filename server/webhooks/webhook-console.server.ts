import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { AppError } from "#domain/errors";
import type { WebhookDeliveryView, WebhookEvent } from "#domain/webhooks";
import type { Database } from "../db/client.server";
import { apiKeys, webhookDeliveries } from "../db/schema";
import {
  bodyOf,
  outcomeColumns,
  postDelivery,
  presentDelivery,
  type DeliverContext,
  type DeliveryRow,
} from "./deliveries.server";

/** How many of a key's deliveries the list shows, newest first. */
export const DELIVERIES_LISTED = 50;

export const NO_WEBHOOK = "This key has no webhook: set its URL first.";
export const STILL_DELIVERING = "This event is still being delivered: its next attempt is on its way.";

/** One of the user's keys that has a webhook, or why not. */
async function keyWithWebhook(db: Database, options: { userId: string; keyId: string }) {
  const [key] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, options.keyId), eq(apiKeys.userId, options.userId), isNull(apiKeys.revokedAt)));
  if (!key) throw new AppError("not_found", "No such API key.");
  if (!key.webhookUrl || !key.webhookSecret) throw new AppError("conflict", NO_WEBHOOK);
  return { ...key, webhookUrl: key.webhookUrl };
}

/** Posts one delivery now, once, and records what the receiver answered. */
async function postNow(
  ctx: DeliverContext,
  options: { delivery: DeliveryRow; key: Awaited<ReturnType<typeof keyWithWebhook>>; body: string },
): Promise<WebhookDeliveryView> {
  const result = await postDelivery(ctx, options);
  const [settled] = await ctx.db
    .update(webhookDeliveries)
    .set({ lastAttemptAt: new Date(), ...outcomeColumns(options.delivery, result, false) })
    .where(eq(webhookDeliveries.id, options.delivery.id))
    .returning();
  return presentDelivery(settled!);
}

/**
 * A `webhook.test` event posted to the key's webhook at once, signed like every event,
 * and kept in its deliveries with the receiver's answer: the way to check an endpoint
 * (and its signature check) without spending credits on a job.
 */
export async function sendTestEvent(
  ctx: DeliverContext,
  options: { userId: string; keyId: string },
): Promise<WebhookDeliveryView> {
  const key = await keyWithWebhook(ctx.db, options);
  const id = randomUUID();
  const createdAt = new Date();
  const event: WebhookEvent = {
    id,
    type: "webhook.test",
    createdAt: createdAt.toISOString(),
    data: { key: { id: key.id, name: key.name } },
  };
  const body = JSON.stringify(event);
  // Queued at once (it is posted here, not by the relay), so no worker posts it again.
  const [delivery] = await ctx.db
    .insert(webhookDeliveries)
    .values({ id, apiKeyId: key.id, jobId: null, event: "webhook.test", body, createdAt, queuedAt: createdAt })
    .returning();
  return postNow(ctx, { delivery: delivery!, key, body });
}

/** A key's recent deliveries, newest first, with the receiver's answers. */
export async function listDeliveries(
  db: Database,
  options: { userId: string; keyId: string },
): Promise<WebhookDeliveryView[]> {
  const [key] = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, options.keyId), eq(apiKeys.userId, options.userId), isNull(apiKeys.revokedAt)));
  if (!key) throw new AppError("not_found", "No such API key.");
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.apiKeyId, key.id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERIES_LISTED);
  return rows.map(presentDelivery);
}

/**
 * Posts a delivered or failed event again, now, to the key's current webhook: the same
 * event id and body (a receiver that dedupes by Motif-Event-Id sees the same event), a new
 * signature. One still pending is left to its retries (409), so it is never sent twice at once.
 */
export async function redeliver(
  ctx: DeliverContext,
  options: { userId: string; keyId: string; deliveryId: string },
): Promise<WebhookDeliveryView> {
  const key = await keyWithWebhook(ctx.db, options);
  // Claimed by moving it out of "failed"/"delivered": two redeliveries at once post it once.
  const [delivery] = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, options.deliveryId), eq(webhookDeliveries.apiKeyId, key.id)));
  if (!delivery) throw new AppError("not_found", "No such delivery.");
  if (delivery.status === "pending") throw new AppError("conflict", STILL_DELIVERING);
  const [claimed] = await ctx.db
    .update(webhookDeliveries)
    .set({ status: "pending" })
    .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, delivery.status)))
    .returning();
  if (!claimed) throw new AppError("conflict", STILL_DELIVERING);
  const body = await bodyOf(ctx.db, claimed, key.userId);
  if (!body) {
    await ctx.db.update(webhookDeliveries).set({ status: "failed" }).where(eq(webhookDeliveries.id, delivery.id));
    throw new AppError("conflict", "The job this event is about no longer exists.");
  }
  return postNow(ctx, { delivery: claimed, key, body });
}
