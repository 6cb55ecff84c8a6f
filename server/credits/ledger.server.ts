import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { creditLedger, users, type CreditReason } from "../db/schema";
import { canSpend, getBalance, spendingRefusal, type Transaction } from "./credits.server";
import { assertWithinKeyCap } from "./key-spending.server";
import { assertWithinMemberLimit } from "./member-limits.server";

/**
 * The credit ledger's one writer. Every change to a balance is here: a job's reservation and
 * its refund, a direct charge, a grant (sign-up, purchase, operator) and a take-back (a refunded
 * or disputed purchase). Each moves the user's balance under its row lock and writes its ledger
 * line in the same transaction; an API key's monthly cap is checked inside the spending ones.
 * Nothing else inserts into credit_ledger (tests/architecture/ledger-writer.test.ts).
 */

export interface BalanceAfter {
  credits: number;
  debt: number;
}

type Movement = {
  userId: string;
  amount: number;
  reason: CreditReason;
  ref: string;
  /** Shown in the history beside the line: an operator's reason. */
  note?: string | null;
};

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
    note: movement.note ?? null,
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

/**
 * Takes `amount` credits for generation `ref`, inside the caller's transaction, before the job's
 * row is written (a key's cap counts its jobs). With the key it came with, the key's monthly cap
 * is checked first. The conditional update can never take the balance below zero, even when many
 * submissions race: each waits for the row lock and re-checks the balance. A user who owes
 * credits (a refunded purchase) cannot spend until the debt is settled. In a team's workspace
 * (`userId` is the team's), the member who asks is checked against their monthly limit, and the
 * line says who it was.
 */
export async function reserveCredits(
  tx: Transaction,
  options: { userId: string; amount: number; ref: string; apiKeyId?: string | null; memberId?: string | null },
) {
  const { userId, amount, ref } = options;
  // A free job (the preview engine) moves no credits, so it writes no ledger row.
  if (amount === 0) return getBalance(tx, userId);
  await checkSpender(tx, { ...options, price: amount });
  const credits = await spend(tx, { userId, amount });
  await tx.insert(creditLedger).values({
    userId,
    delta: -amount,
    reason: "generation_reserve",
    ref,
    balanceAfter: credits,
    memberId: options.memberId ?? null,
  });
  return credits;
}

/** A key's monthly cap, then a team member's monthly limit, each under its own row lock (in that order). */
async function checkSpender(
  tx: Transaction,
  options: { userId: string; price: number; apiKeyId?: string | null; memberId?: string | null },
): Promise<void> {
  if (options.apiKeyId) await assertWithinKeyCap(tx, { keyId: options.apiKeyId, price: options.price });
  if (options.memberId)
    await assertWithinMemberLimit(tx, {
      workspaceId: options.userId,
      memberId: options.memberId,
      price: options.price,
    });
}

/**
 * Takes `amount` at once for something made now (a background removal, ref: the image made),
 * within the key's monthly cap when a key asked; the ledger line remembers the key.
 */
export async function chargeCredits(
  tx: Transaction,
  options: {
    userId: string;
    amount: number;
    reason: CreditReason;
    ref: string;
    apiKeyId?: string | null;
    memberId?: string | null;
  },
): Promise<number> {
  const { userId, amount } = options;
  await checkSpender(tx, { ...options, price: amount });
  const credits = await spend(tx, { userId, amount });
  await tx.insert(creditLedger).values({
    userId,
    delta: -amount,
    reason: options.reason,
    ref: options.ref,
    balanceAfter: credits,
    apiKeyId: options.apiKeyId ?? null,
    memberId: options.memberId ?? null,
  });
  return credits;
}

/** Lowers the balance by `amount` if it covers it and nothing is owed; else says why not. */
async function spend(tx: Transaction, options: { userId: string; amount: number }): Promise<number> {
  const [row] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} - ${options.amount}`, updatedAt: new Date() })
    .where(and(eq(users.id, options.userId), canSpend(options.amount)))
    .returning({ credits: users.credits });
  if (!row) throw await spendingRefusal(tx, { userId: options.userId, price: options.amount });
  return row.credits;
}

/**
 * A new user's first balance: `amount` (the sign-up grant, or 0 when this address had it
 * before) and its ledger line, in the transaction that made the user's record.
 */
export async function openBalanceWithin(tx: Transaction, options: { userId: string; amount: number }): Promise<void> {
  const { userId, amount } = options;
  if (amount > 0) await tx.update(users).set({ credits: amount }).where(eq(users.id, userId));
  await tx
    .insert(creditLedger)
    .values({ userId, delta: amount, reason: "signup_grant", ref: userId, balanceAfter: amount });
}

/**
 * Gives back the credits of generation `ref`, at most once: the user's row is
 * locked first, so a second refund of the same ref finds the first one's ledger row.
 * Returns the new balance, or null when it had already been refunded.
 */
export async function refundCredits(
  db: Database,
  options: { userId: string; amount: number; ref: string },
): Promise<number | null> {
  return db.transaction((tx) => refundCreditsWithin(tx, options));
}

/** The same, inside the caller's transaction (so a status change and its refund commit together). */
export async function refundCreditsWithin(
  tx: Transaction,
  options: { userId: string; amount: number; ref: string },
): Promise<number | null> {
  const { userId, amount, ref } = options;
  if (amount <= 0) return null;
  const [locked] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, userId)).for("update");
  if (!locked) return null;
  const [existing] = await tx
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(and(eq(creditLedger.reason, "generation_refund"), eq(creditLedger.ref, ref)));
  if (existing) return null;
  const [row] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${amount}`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ credits: users.credits });
  await tx
    .insert(creditLedger)
    .values({ userId, delta: amount, reason: "generation_refund", ref, balanceAfter: row!.credits });
  return row!.credits;
}
