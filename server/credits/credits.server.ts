import { and, eq, gte, sql } from "drizzle-orm";
import { AppError } from "#domain/errors";
import type { Database } from "../db/client.server";
import { users } from "../db/schema";
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
