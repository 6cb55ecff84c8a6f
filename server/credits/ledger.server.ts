import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "#domain/actor";
import type { Database } from "../db/client.server";
import { creditLedger, workspaceBalances, type CreditReason } from "../db/schema";
import { canSpend, getBalance, spendingRefusal, type Transaction } from "./credits.server";
import { assertWithinKeyCap } from "./key-spending.server";
import { assertWithinMemberLimit } from "./member-limits.server";

/**
 * The credit ledger's one writer. Every change to a balance is here: a job's reservation and
 * its refund, a direct charge, a grant (sign-up, purchase, operator) and a take-back (a refunded
 * or disputed purchase). Each moves the workspace's balance under its row lock and writes its ledger
 * line in the same transaction; an API key's monthly cap is checked inside the spending ones.
 * Nothing else inserts into credit_ledger (tests/architecture/ledger-writer.test.ts).
 */

export interface BalanceAfter {
  credits: number;
  debt: number;
}

type Movement = {
  workspaceId: string;
  amount: number;
  reason: CreditReason;
  ref: string;
  /** Shown in the history beside the line: an operator's reason. */
  note?: string | null;
};

/** Locks the workspace's balance row for the rest of the transaction; null when there is none. */
async function lockBalance(tx: Transaction, workspaceId: string) {
  const [row] = await tx
    .select({ credits: workspaceBalances.credits, debt: workspaceBalances.creditDebt })
    .from(workspaceBalances)
    .where(eq(workspaceBalances.id, workspaceId))
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
    .update(workspaceBalances)
    .set({ credits: next.credits, creditDebt: next.debt, updatedAt: new Date() })
    .where(eq(workspaceBalances.id, movement.workspaceId));
  await tx.insert(creditLedger).values({
    workspaceId: movement.workspaceId,
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
  const current = await lockBalance(tx, movement.workspaceId);
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
  const current = await lockBalance(tx, movement.workspaceId);
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
 * submissions race: each waits for the row lock and re-checks the balance. A workspace that owes
 * credits (a refunded purchase) cannot spend until the debt is settled. In a team's workspace
 * the member who asks is checked against their monthly limit, and the line says who it was.
 */
export async function reserveCredits(tx: Transaction, options: { actor: Actor; amount: number; ref: string }) {
  const { actor, amount, ref } = options;
  // A free job (the preview engine) moves no credits, so it writes no ledger row.
  if (amount === 0) return getBalance(tx, actor.workspaceId);
  await checkSpender(tx, actor, amount);
  const credits = await spend(tx, { workspaceId: actor.workspaceId, amount });
  await tx.insert(creditLedger).values({
    workspaceId: actor.workspaceId,
    delta: -amount,
    reason: "generation_reserve",
    ref,
    balanceAfter: credits,
    memberId: actor.memberId,
  });
  return credits;
}

/** A key's monthly cap, then a team member's monthly limit, each under its own row lock (in that order). */
async function checkSpender(tx: Transaction, actor: Actor, price: number): Promise<void> {
  if (actor.apiKeyId) await assertWithinKeyCap(tx, { keyId: actor.apiKeyId, price });
  await assertWithinMemberLimit(tx, { workspaceId: actor.workspaceId, memberId: actor.memberId, price });
}

/**
 * Takes `amount` at once for something made now (a background removal, ref: the image made),
 * within the key's monthly cap when a key asked; the ledger line remembers the key.
 */
export async function chargeCredits(
  tx: Transaction,
  options: { actor: Actor; amount: number; reason: CreditReason; ref: string },
): Promise<number> {
  const { actor, amount } = options;
  await checkSpender(tx, actor, amount);
  const credits = await spend(tx, { workspaceId: actor.workspaceId, amount });
  await tx.insert(creditLedger).values({
    workspaceId: actor.workspaceId,
    delta: -amount,
    reason: options.reason,
    ref: options.ref,
    balanceAfter: credits,
    apiKeyId: actor.apiKeyId,
    memberId: actor.memberId,
  });
  return credits;
}

/** Lowers the balance by `amount` if it covers it and nothing is owed; else says why not. */
async function spend(tx: Transaction, options: { workspaceId: string; amount: number }): Promise<number> {
  const [row] = await tx
    .update(workspaceBalances)
    .set({ credits: sql`${workspaceBalances.credits} - ${options.amount}`, updatedAt: new Date() })
    .where(and(eq(workspaceBalances.id, options.workspaceId), canSpend(options.amount)))
    .returning({ credits: workspaceBalances.credits });
  if (!row) throw await spendingRefusal(tx, { workspaceId: options.workspaceId, price: options.amount });
  return row.credits;
}

/**
 * A new user's first balance: `amount` (the sign-up grant, or 0 when this address had it
 * before) and its ledger line, in the transaction that made the user's record.
 */
export async function openBalanceWithin(
  tx: Transaction,
  options: { workspaceId: string; amount: number },
): Promise<void> {
  const { workspaceId, amount } = options;
  if (amount > 0)
    await tx.update(workspaceBalances).set({ credits: amount }).where(eq(workspaceBalances.id, workspaceId));
  await tx
    .insert(creditLedger)
    .values({ workspaceId, delta: amount, reason: "signup_grant", ref: workspaceId, balanceAfter: amount });
}

/**
 * Gives back the credits of generation `ref`, at most once: the user's row is
 * locked first, so a second refund of the same ref finds the first one's ledger row.
 * Returns the new balance, or null when it had already been refunded.
 */
export async function refundCredits(
  db: Database,
  options: { workspaceId: string; amount: number; ref: string },
): Promise<number | null> {
  return db.transaction((tx) => refundCreditsWithin(tx, options));
}

/** The same, inside the caller's transaction (so a status change and its refund commit together). */
export async function refundCreditsWithin(
  tx: Transaction,
  options: { workspaceId: string; amount: number; ref: string },
): Promise<number | null> {
  const { workspaceId, amount, ref } = options;
  if (amount <= 0) return null;
  const [locked] = await tx
    .select({ credits: workspaceBalances.credits })
    .from(workspaceBalances)
    .where(eq(workspaceBalances.id, workspaceId))
    .for("update");
  if (!locked) return null;
  const [existing] = await tx
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(and(eq(creditLedger.reason, "generation_refund"), eq(creditLedger.ref, ref)));
  if (existing) return null;
  const [row] = await tx
    .update(workspaceBalances)
    .set({ credits: sql`${workspaceBalances.credits} + ${amount}`, updatedAt: new Date() })
    .where(eq(workspaceBalances.id, workspaceId))
    .returning({ credits: workspaceBalances.credits });
  await tx
    .insert(creditLedger)
    .values({ workspaceId, delta: amount, reason: "generation_refund", ref, balanceAfter: row!.credits });
  return row!.credits;
}
