/** One line of a user's credit history, as the browser shows it. */
export interface CreditHistoryEntry {
  id: number;
  delta: number;
  balanceAfter: number;
  reason:
    "signup_grant" | "generation_reserve" | "generation_refund" | "purchase" | "admin_adjust" | "background_removal";
  /** The style a generation was for; null when it has since been deleted, or for other reasons. */
  styleName: string | null;
  /** What the generation made, in words ("Object 'Potion' · Pixel Knights"); null for other reasons. */
  title: string | null;
  /** For a refund: how many of the job's images it paid back (those never made), of how many. */
  refund: { images: number; of: number } | null;
  /** The model a generation ran with, in words; null for other reasons. */
  model: string | null;
  createdAt: string;
}

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
