import { formatCount } from "./count-words";

/** A pack of credits the operator sells (CREDIT_PACKS). */
export interface CreditPack {
  /** Stable while the operator keeps the pack: its credits and currency ("500-usd"). */
  id: string;
  credits: number;
  /** The price in the currency's smallest unit (cents), as Stripe takes it. */
  amount: number;
  /** Lower-case ISO 4217 code, as Stripe writes it. */
  currency: string;
}

// Stripe's zero-decimal currencies: an amount of 500 JPY is ¥500, not ¥5.
const ZERO_DECIMAL = new Set("bif clp djf gnf isk jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf".split(" "));
// Stripe's three-decimal currencies want amounts rounded to tens: not offered, to keep prices exact.
const THREE_DECIMAL = new Set("bhd jod kwd omr tnd".split(" "));
// Stripe refuses a Checkout amount above 99,999,999 in the smallest unit.
const MAX_AMOUNT = 99_999_999;
const MAX_CREDITS = 10_000_000;

/** How many digits follow the decimal point in a price in `currency`. */
export function currencyDigits(currency: string): number {
  return ZERO_DECIMAL.has(currency.toLowerCase()) ? 0 : 2;
}

const knownCurrencies = new Set(Intl.supportedValuesOf("currency").map((c) => c.toLowerCase()));

export const CREDIT_PACKS_FORMAT = `credits:price:currency, comma-separated ("100:5.00:usd,500:20.00:usd")`;

/**
 * Reads CREDIT_PACKS: `credits:price:currency` items, comma-separated. Answers the packs
 * in the order given, or a sentence saying what is wrong with the first bad item.
 */
export function parseCreditPacks(value: string): { packs: CreditPack[] } | { error: string } {
  const items = value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  const packs: CreditPack[] = [];
  for (const item of items) {
    const [creditsText, priceText, currencyText, ...rest] = item.split(":").map((part) => part.trim());
    const wrong = (why: string) => ({ error: `"${item}": ${why}; the format is ${CREDIT_PACKS_FORMAT}` });
    if (!creditsText || !priceText || !currencyText || rest.length) return wrong("needs three parts");
    if (!/^\d+$/.test(creditsText) || Number(creditsText) < 1 || Number(creditsText) > MAX_CREDITS) {
      return wrong(`the credits must be a whole number from 1 to ${formatCount(MAX_CREDITS)}`);
    }
    const currency = currencyText.toLowerCase();
    if (!/^[a-z]{3}$/.test(currency) || !knownCurrencies.has(currency)) {
      return wrong(`"${currencyText}" is not a currency code`);
    }
    if (THREE_DECIMAL.has(currency)) return wrong(`${currency.toUpperCase()} is not supported`);
    const digits = currencyDigits(currency);
    const pricePattern = digits === 0 ? /^\d+$/ : /^\d+(\.\d{1,2})?$/;
    if (!pricePattern.test(priceText)) {
      return wrong(
        digits === 0
          ? `${currency.toUpperCase()} prices are whole numbers`
          : "the price must be a number with at most two decimals",
      );
    }
    const [whole, fraction = ""] = priceText.split(".");
    const amount = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || 0);
    if (amount < 1 || amount > MAX_AMOUNT) return wrong("the price must be more than zero and within Stripe's limit");
    const pack = { id: `${Number(creditsText)}-${currency}`, credits: Number(creditsText), amount, currency };
    if (packs.some((p) => p.id === pack.id)) return wrong("another pack has the same credits and currency");
    packs.push(pack);
  }
  return { packs };
}

/** A pack's price for people: "$5.00", "¥500", "20,00 €" (in `locale`). */
export function formatPackPrice(pack: Pick<CreditPack, "amount" | "currency">, locale = "en"): string {
  const digits = currencyDigits(pack.currency);
  return new Intl.NumberFormat(locale, { style: "currency", currency: pack.currency.toUpperCase() }).format(
    pack.amount / 10 ** digits,
  );
}
