import { and, eq } from "drizzle-orm";
import { spendingRefusal } from "../credits/credits.server";
import type { Database } from "../db/client.server";
import { idempotencyKeys, workspaceBalances } from "../db/schema";

/**
 * Refuses, before an upload is read, a request the balance cannot pay for. The
 * reservation at submit is still what counts; this only spares the server the body
 * of a request that would be refused anyway. A repeat of a request already made with
 * this Idempotency-Key is let through: it gets the first answer, not a charge.
 */
export async function assertCanAfford(
  db: Database,
  /** `workspaceId`: the workspace that pays; `personId`: who asks (their Idempotency-Keys). */
  options: { workspaceId: string; personId: string; price: number; idempotencyKey?: string },
): Promise<void> {
  const [row] = await db
    .select({ credits: workspaceBalances.credits, debt: workspaceBalances.creditDebt })
    .from(workspaceBalances)
    .where(eq(workspaceBalances.id, options.workspaceId));
  if (row && row.credits >= options.price && (row.debt === 0 || options.price === 0)) return;
  if (options.idempotencyKey && (await keyWasUsed(db, options.personId, options.idempotencyKey))) return;
  throw await spendingRefusal(db, options);
}

async function keyWasUsed(db: Database, personId: string, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, personId), eq(idempotencyKeys.key, key)));
  return Boolean(row);
}
