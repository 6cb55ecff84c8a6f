import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
// Relative imports: drizzle-kit loads this file without the app's path aliases.
import { detailValues, imageSizeValues } from "../../../domain/images";
import { creditReasonValues } from "../../../domain/credits";
import { jobKinds, jobStatuses } from "../../../domain/jobs";
import { authUsers } from "./accounts";
import { workspaceBalances } from "./workspaces";
import { apiKeys } from "./api-keys";

/** Credits: the ledger every balance is summed from, and purchases. */

export const creditReasons = creditReasonValues;
export type CreditReason = (typeof creditReasons)[number];

/**
 * Every change of workspace_balances.credits is one row here, written in the same transaction.
 * (reason, ref) is unique so a retried operation cannot apply twice.
 */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaceBalances.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    reason: text("reason", { enum: creditReasons }).notNull(),
    ref: text("ref").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    /** The API key a direct charge (not a job's) was made with, for its monthly cap. */
    apiKeyId: text("api_key_id").references((): AnyPgColumn => apiKeys.id, { onDelete: "set null" }),
    /** In a team's ledger: the member whose spending this was (their monthly limit counts it). */
    memberId: text("member_id").references((): AnyPgColumn => authUsers.id, { onDelete: "set null" }),
    /** How this line moved workspace_balances.credit_debt: up when a take-back exceeded the balance, down when settled. */
    debtDelta: integer("debt_delta").notNull().default(0),
    /** For an operator's grant or take: the reason they gave, shown in the history. */
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("credit_ledger_reason_ref_unique").on(t.reason, t.ref),
    index("credit_ledger_workspace_idx").on(t.workspaceId, t.createdAt),
    // The balance's version is the newest ledger id of a workspace (credits.server.ts).
    index("credit_ledger_workspace_id_idx").on(t.workspaceId, t.id),
    check("credit_ledger_balance_after_non_negative", sql`${t.balanceAfter} >= 0`),
    check(
      "credit_ledger_reason_known",
      sql`${t.reason} in ('signup_grant','generation_reserve','generation_refund','purchase','admin_adjust','background_removal','purchase_refunded','purchase_disputed')`,
    ),
  ],
);

/**
 * A Stripe Checkout Session for a pack of credits: written when it is created, paid
 * when Stripe says so. Its credits are granted once (the ledger's purchase line, ref =
 * the session id); refunds and lost disputes take back at most what it granted.
 */
export const creditPurchases = pgTable(
  "credit_purchases",
  {
    checkoutSessionId: text("checkout_session_id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaceBalances.id, { onDelete: "cascade" }),
    packId: text("pack_id").notNull(),
    credits: integer("credits").notNull(),
    /** The price in the currency's smallest unit. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    paymentIntentId: text("payment_intent_id").unique(),
    chargeId: text("charge_id"),
    /** Stripe's receipt page for the charge, when it gave one. */
    receiptUrl: text("receipt_url"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Credits taken back by refunds and a lost dispute: never more than `credits`. */
    creditsTakenBack: integer("credits_taken_back").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("credit_purchases_workspace_idx").on(t.workspaceId, t.createdAt),
    check("credit_purchases_taken_back_within", sql`${t.creditsTakenBack} between 0 and ${t.credits}`),
  ],
);

export { detailValues, imageSizeValues, jobKinds, jobStatuses };
