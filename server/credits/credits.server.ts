import { and, eq, gte, sql, type SQLWrapper } from "drizzle-orm";
import { AppError } from "#domain/errors";
import type { Database } from "../db/client.server";
import { workspaceBalances } from "../db/schema";
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

/** Why `workspaceId` cannot spend `price` now: a debt first, else a short balance. */
export async function spendingRefusal(
  db: Database | Transaction,
  options: { workspaceId: string; price: number },
): Promise<AppError> {
  const [row] = await db
    .select({ credits: workspaceBalances.credits, debt: workspaceBalances.creditDebt })
    .from(workspaceBalances)
    .where(eq(workspaceBalances.id, options.workspaceId));
  if (row && row.debt > 0) return new CreditDebtError(row.debt, row.credits);
  return new InsufficientCreditsError(options.price, row?.credits ?? 0);
}

/** The condition under which a user's row may pay `amount`: enough credits and nothing owed. */
export const canSpend = (amount: number) =>
  and(gte(workspaceBalances.credits, amount), eq(workspaceBalances.creditDebt, 0));

export async function getBalance(db: Database | Transaction, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ credits: workspaceBalances.credits })
    .from(workspaceBalances)
    .where(eq(workspaceBalances.id, workspaceId));
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

/**
 * The subquery giving the balance version (0 before any ledger row) of the workspace `workspaceId`
 * names: an outer query's column, qualified (`balanceRowId`), or a placeholder.
 */
export const creditsVersionOf = (workspaceId: SQLWrapper) =>
  sql<number>`coalesce((select max(cl.id) from credit_ledger cl where cl.workspace_id = ${workspaceId}), 0)`.mapWith(
    Number,
  );

/**
 * The outer `workspace_balances` row's id, always qualified: drizzle leaves a lone table's columns
 * bare, and a bare `id` inside the subquery would name the ledger's own.
 */
export const balanceRowId = sql`${sql.identifier("workspace_balances")}.id`;

/** Both read in one statement, so they agree. */
export async function getBalanceSnapshot(db: Database, workspaceId: string): Promise<BalanceSnapshot> {
  const [row] = await db
    .select({ credits: workspaceBalances.credits, version: creditsVersionOf(balanceRowId) })
    .from(workspaceBalances)
    .where(eq(workspaceBalances.id, workspaceId));
  return { credits: row?.credits ?? 0, version: row?.version ?? 0 };
}

/** Tells the user's open pages the current balance (after a change has committed). */
export async function publishBalance(db: Database, workspaceId: string): Promise<void> {
  const snapshot = await getBalanceSnapshot(db, workspaceId);
  await publishUserEvent(db, { userId: workspaceId, type: "credits", data: { ...snapshot } });
}
