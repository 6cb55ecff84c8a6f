import { and, eq } from "drizzle-orm";
import { formatPackPrice } from "#domain/credit-packs";
import type { Config } from "../config.server";
import type { Database } from "../db/client.server";
import { creditLedger, creditPurchases, workspaceBalances } from "../db/schema";

export interface PackView {
  id: string;
  credits: number;
  price: string;
}

/** A checkout the user came back from: granted once Stripe's webhook has arrived. */
export interface CheckoutView {
  credits: number;
  price: string;
  granted: boolean;
}

/**
 * What the credits page shows: with Stripe, the packs, what the user owes, and the
 * checkout they came back from (only their own); without it, that nothing is for sale
 * (the page then says how to ask the operators instead).
 */
export async function creditsPage(
  deps: { db: Database; billing: Config["billing"] },
  input: { workspaceId: string; checkoutSessionId: string | null },
): Promise<{ payments: boolean; packs: PackView[]; debt: number; checkout: CheckoutView | null }> {
  const { db, billing } = deps;
  const [user] = await db
    .select({ debt: workspaceBalances.creditDebt })
    .from(workspaceBalances)
    .where(eq(workspaceBalances.id, input.workspaceId));
  if (!billing) return { payments: false, packs: [], debt: user?.debt ?? 0, checkout: null };
  let checkout: CheckoutView | null = null;
  if (input.checkoutSessionId) {
    const [row] = await db
      .select({
        credits: creditPurchases.credits,
        amount: creditPurchases.amount,
        currency: creditPurchases.currency,
        grantId: creditLedger.id,
      })
      .from(creditPurchases)
      .leftJoin(
        creditLedger,
        and(eq(creditLedger.reason, "purchase"), eq(creditLedger.ref, creditPurchases.checkoutSessionId)),
      )
      .where(
        and(
          eq(creditPurchases.checkoutSessionId, input.checkoutSessionId),
          eq(creditPurchases.workspaceId, input.workspaceId),
        ),
      );
    if (row) checkout = { credits: row.credits, price: formatPackPrice(row), granted: row.grantId !== null };
  }
  return {
    payments: true,
    packs: billing.packs.map((pack) => ({ id: pack.id, credits: pack.credits, price: formatPackPrice(pack) })),
    debt: user?.debt ?? 0,
    checkout,
  };
}
