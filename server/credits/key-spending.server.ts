import { and, eq, gte, sql } from "drizzle-orm";
import { capExceededMessage } from "#domain/api-keys";
import { AppError } from "#domain/errors";
import type { Database } from "../db/client.server";
import { apiKeys, creditLedger, generationJobs } from "../db/schema";
import type { Transaction } from "./credits.server";

/** The start of the current calendar month, UTC: caps reset then. */
export function monthStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * Credits a key spent since `since`: its jobs' reservations less what they refunded,
 * and the direct charges it made (a background removal).
 */
export async function spentSince(db: Database | Transaction, keyId: string, since: Date): Promise<number> {
  const [jobs] = await db
    .select({
      spent: sql<number>`coalesce(sum(${generationJobs.credits} - ${generationJobs.refundedCredits}), 0)::int`,
    })
    .from(generationJobs)
    .where(and(eq(generationJobs.apiKeyId, keyId), gte(generationJobs.createdAt, since)));
  const [direct] = await db
    .select({ spent: sql<number>`coalesce(-sum(${creditLedger.delta}), 0)::int` })
    .from(creditLedger)
    .where(and(eq(creditLedger.apiKeyId, keyId), gte(creditLedger.createdAt, since)));
  return Number(jobs?.spent ?? 0) + Number(direct?.spent ?? 0);
}

/**
 * Inside the transaction that spends `price` with the key: refuses when the key's monthly cap
 * would be passed. The key's row is locked first, so two requests at once cannot both squeeze
 * under the cap.
 */
export async function assertWithinKeyCap(tx: Transaction, options: { keyId: string; price: number }): Promise<void> {
  const [key] = await tx
    .select({ cap: apiKeys.monthlyCreditCap })
    .from(apiKeys)
    .where(eq(apiKeys.id, options.keyId))
    .for("update");
  if (!key?.cap) return;
  const spent = await spentSince(tx, options.keyId, monthStart());
  if (spent + options.price > key.cap) {
    throw new AppError("payment_required", capExceededMessage(key.cap, spent, options.price), {
      cap: key.cap,
      spent,
      price: options.price,
    });
  }
}
