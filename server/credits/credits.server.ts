import { and, eq, gte, sql } from "drizzle-orm";
import { AppError } from "#domain/errors";
import type { Database } from "../db/client.server";
import { creditLedger, users } from "../db/schema";
import { publishUserEvent } from "../events/events.server";

/** The transaction handle drizzle passes to `db.transaction` callbacks. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The balance does not cover a reservation: nothing was charged. */
export class InsufficientCreditsError extends AppError {
  constructor(
    readonly needed: number,
    readonly balance: number,
  ) {
    super(
      "payment_required",
      `Not enough credits: This needs ${needed} credits and your balance is ${balance}. You were not charged.`,
      { price: needed, balance },
    );
    this.name = "InsufficientCreditsError";
  }
}

/** Credits are owed after a refunded or disputed purchase: nothing may be spent until settled. */
export class CreditDebtError extends AppError {
  constructor(
    readonly debt: number,
    readonly balance: number,
  ) {
    super(
      "payment_required",
      `Your account owes ${debt} ${debt === 1 ? "credit" : "credits"} after a refunded or disputed payment. ` +
        "Buy credits to settle it before spending more. You were not charged.",
      { debt, balance },
    );
    this.name = "CreditDebtError";
  }
}

/** Why `userId` cannot spend `price` now: a debt first, else a short balance. */
export async function spendingRefusal(
  db: Database | Transaction,
  options: { userId: string; price: number },
): Promise<AppError> {
  const [row] = await db
    .select({ credits: users.credits, debt: users.creditDebt })
    .from(users)
    .where(eq(users.id, options.userId));
  if (row && row.debt > 0) return new CreditDebtError(row.debt, row.credits);
  return new InsufficientCreditsError(options.price, row?.credits ?? 0);
}

/** The condition under which a user's row may pay `amount`: enough credits and nothing owed. */
export const canSpend = (amount: number) => and(gte(users.credits, amount), eq(users.creditDebt, 0));

/**
 * Takes `amount` credits for generation `ref`, inside the caller's transaction.
 * The conditional update can never take the balance below zero, even when many
 * submissions race: each waits for the row lock and re-checks the balance. A user
 * who owes credits (a refunded purchase) cannot spend until the debt is settled.
 */
export async function reserveCredits(tx: Transaction, options: { userId: string; amount: number; ref: string }) {
  const { userId, amount, ref } = options;
  // A free job (the preview engine) moves no credits, so it writes no ledger row.
  if (amount === 0) return getBalance(tx, userId);
  const [row] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} - ${amount}`, updatedAt: new Date() })
    .where(and(eq(users.id, userId), canSpend(amount)))
    .returning({ credits: users.credits });
  if (!row) throw await spendingRefusal(tx, { userId, price: amount });
  await tx
    .insert(creditLedger)
    .values({ userId, delta: -amount, reason: "generation_reserve", ref, balanceAfter: row.credits });
  return row.credits;
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

export async function getBalance(db: Database | Transaction, userId: string): Promise<number> {
  const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row?.credits ?? 0;
}

/**
 * The balance and its version: the id of the newest ledger row. Every change
 * writes its ledger row under the user's row lock, so per user the version grows
 * with each change, and a client can drop a reading older than one it has shown.
 */
export interface BalanceSnapshot {
  credits: number;
  version: number;
}

/** The subquery giving the balance version of the user whose id is in `table`.id (0 before any ledger row). */
export const creditsVersionOf = (table: "users" | "auth_users") =>
  sql<number>`coalesce((select max(cl.id) from credit_ledger cl where cl.user_id = ${sql.identifier(table)}.id), 0)`.mapWith(
    Number,
  );

/** Both read in one statement, so they agree. */
export async function getBalanceSnapshot(db: Database, userId: string): Promise<BalanceSnapshot> {
  const [row] = await db
    .select({ credits: users.credits, version: creditsVersionOf("users") })
    .from(users)
    .where(eq(users.id, userId));
  return { credits: row?.credits ?? 0, version: row?.version ?? 0 };
}

/** Tells the user's open pages the current balance (after a change has committed). */
export async function publishBalance(db: Database, userId: string): Promise<void> {
  const snapshot = await getBalanceSnapshot(db, userId);
  await publishUserEvent(db, { userId, type: "credits", data: { ...snapshot } });
}
