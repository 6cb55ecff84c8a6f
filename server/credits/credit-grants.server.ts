import { and, eq } from "drizzle-orm";
import { creditLedger, users, type CreditReason } from "../db/schema";
import type { Transaction } from "./credits.server";

export interface BalanceAfter {
  credits: number;
  debt: number;
}

type Movement = { userId: string; amount: number; reason: CreditReason; ref: string };

/** Locks the user's row for the rest of the transaction; null when there is no such user. */
async function lockUser(tx: Transaction, userId: string) {
  const [row] = await tx
    .select({ credits: users.credits, debt: users.creditDebt })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return row ?? null;
}

async function alreadyWritten(tx: Transaction, reason: CreditReason, ref: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(and(eq(creditLedger.reason, reason), eq(creditLedger.ref, ref)));
  return Boolean(row);
}

async function write(tx: Transaction, movement: Movement, next: BalanceAfter, change: BalanceAfter) {
  await tx
    .update(users)
    .set({ credits: next.credits, creditDebt: next.debt, updatedAt: new Date() })
    .where(eq(users.id, movement.userId));
  await tx.insert(creditLedger).values({
    userId: movement.userId,
    delta: change.credits,
    debtDelta: change.debt,
    reason: movement.reason,
    ref: movement.ref,
    balanceAfter: next.credits,
  });
}

/**
 * Adds `amount` credits (a purchase, an operator's grant) once per (reason, ref): what
 * the user owes is settled first, the rest goes to the balance. Inside the caller's
 * transaction, under the user's row lock. Null when the user is gone or the line exists.
 */
export async function grantCreditsWithin(tx: Transaction, movement: Movement): Promise<BalanceAfter | null> {
  const current = await lockUser(tx, movement.userId);
  if (!current || (await alreadyWritten(tx, movement.reason, movement.ref))) return null;
  const settled = Math.min(current.debt, movement.amount);
  const next = { credits: current.credits + movement.amount - settled, debt: current.debt - settled };
  await write(tx, movement, next, { credits: movement.amount - settled, debt: -settled });
  return next;
}

/**
 * Takes back `amount` credits (a refund, a lost dispute) once per (reason, ref). The
 * balance never goes below zero: what it cannot cover becomes a debt, which blocks
 * spending until settled (credits.server.ts).
 */
export async function takeBackCreditsWithin(tx: Transaction, movement: Movement): Promise<BalanceAfter | null> {
  const current = await lockUser(tx, movement.userId);
  if (!current || (await alreadyWritten(tx, movement.reason, movement.ref))) return null;
  const taken = Math.min(current.credits, movement.amount);
  const owed = movement.amount - taken;
  const next = { credits: current.credits - taken, debt: current.debt + owed };
  await write(tx, movement, next, { credits: -taken, debt: owed });
  return next;
}
