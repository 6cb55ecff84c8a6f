import { normalizeEmail } from "./tokens.server";

/** Providers whose mailboxes ignore dots in the local part (Google documents this for Gmail). */
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox an address delivers to, for counting per person (rate limits, the
 * sign-up grant): lowercase, without a "+tag" (delivered to the same mailbox by most
 * providers), and for Gmail without dots, with googlemail.com read as gmail.com.
 * Never used to send mail or to tell accounts apart: `a+1@…` is still its own account.
 */
export function mailboxKey(email: string): string {
  const address = normalizeEmail(email);
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll(".", "") || local;
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}
