import type { CreditHistoryEntry } from "#domain/credits";

export type { CreditHistoryEntry };

export const CREDIT_HISTORY_PAGE = 20;

/** What a refund paid back: "(2 of 4 images not made)". */
function refundNote(refund: CreditHistoryEntry["refund"] | undefined): string {
  if (!refund) return "";
  return ` (${refund.images} of ${refund.of} ${refund.of === 1 ? "image" : "images"} not made)`;
}

/**
 * What the line says: the job's title when it has one, else the reason in words with its
 * style; a refund also says how many images it paid back.
 */
export function describeCreditEntry(
  entry: Pick<CreditHistoryEntry, "reason" | "styleName"> &
    Partial<Pick<CreditHistoryEntry, "title" | "refund" | "delta">>,
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
      return "Credits bought";
    case "admin_adjust":
      return "Adjustment by the operator";
    case "background_removal":
      return entry.title || "Background removed";
  }
}
