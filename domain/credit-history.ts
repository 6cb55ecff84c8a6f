import type { CreditHistoryEntry } from "./credits";
import { formatCount } from "./count-words";

export type { CreditHistoryEntry };

export const CREDIT_HISTORY_PAGE = 20;

/** What a refund paid back: "(2 of 4 images not made)". */
function refundNote(refund: CreditHistoryEntry["refund"] | undefined): string {
  if (!refund) return "";
  return ` (${refund.images} of ${refund.of} ${refund.of === 1 ? "image" : "images"} not made)`;
}

/** What a line did to a debt: "(40 settled what was owed)", "(40 still owed)". */
function debtNote(debtDelta: number | undefined): string {
  if (!debtDelta) return "";
  return debtDelta < 0 ? ` (${-debtDelta} settled what was owed)` : ` (${debtDelta} more than the balance: owed)`;
}

/**
 * What the line says: the job's title when it has one, else the reason in words with its
 * style; a refund also says how many images it paid back.
 */
export function describeCreditEntry(
  entry: Pick<CreditHistoryEntry, "reason" | "styleName"> &
    Partial<Pick<CreditHistoryEntry, "title" | "refund" | "delta" | "debtDelta" | "purchase" | "note">>,
): string {
  const style = entry.styleName ? `“${entry.styleName}”` : "a deleted style";
  switch (entry.reason) {
    case "signup_grant":
      // A new account for an address that had the grant before gets a 0-credit line saying so.
      return entry.delta === 0 ? "No sign-up credits: this address had them before" : "Sign-up credits";
    case "generation_reserve":
      return entry.title || `Sample images for ${style}`;
    case "generation_refund":
      return (entry.title ? `Refund: ${entry.title}` : `Refund for ${style}`) + refundNote(entry.refund);
    case "purchase":
      return (
        (entry.purchase ? `Bought ${formatCount(entry.purchase.credits)} credits` : "Credits bought") +
        debtNote(entry.debtDelta)
      );
    case "purchase_refunded":
      return `Taken back: a payment for credits was refunded${debtNote(entry.debtDelta)}`;
    case "purchase_disputed":
      return `Taken back: a payment for credits was disputed and lost${debtNote(entry.debtDelta)}`;
    case "admin_adjust":
      return (
        `${(entry.delta ?? 0) < 0 ? "Taken by the operator" : "Added by the operator"}${debtNote(entry.debtDelta)}` +
        (entry.note ? `: ${entry.note}` : "")
      );
    case "background_removal":
      return entry.title || "Background removed";
  }
}
