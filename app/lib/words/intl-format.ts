/*
 * Dates and numbers in words, each through one `Intl` formatter made on its first use.
 * A browser spends 30–50 ms building its first format (loading ICU's data; more for a date
 * style) and about 0.2 ms on every `toLocaleString("en")`, which builds a number format each call: made at module load or per call they land in the first screen's hydration, whether
 * or not the page shows a date, and a page of cards calls them hundreds of times.
 */

type Formatter<Value> = (value: Value) => string;

function lazily<Value>(make: () => { format(value: Value): string }): Formatter<Value> {
  let made: { format(value: Value): string } | undefined;
  return (value) => (made ??= make()).format(value);
}

/** A date format ("4 Mar 2026, 10:00") for ISO strings, dates and timestamps. */
export function dateFormatter(
  options: Intl.DateTimeFormatOptions,
  locale = "en-GB",
): Formatter<Date | string | number> {
  const format = lazily<Date | number>(() => new Intl.DateTimeFormat(locale, options));
  return (date) => format(typeof date === "string" ? new Date(date) : date);
}

/** A number format ("1,234", "12.5") in English. */
export const numberFormatter = (options?: Intl.NumberFormatOptions): Formatter<number> =>
  lazily<number>(() => new Intl.NumberFormat("en", options));

const anyNumber = numberFormatter();

/**
 * A count with thousands separated, as English writes it: "1,234". Whole numbers are grouped
 * here, not by `Intl`: the first `Intl` format a page builds costs a phone 30 ms or more (loading
 * ICU's data), more than every count on a screen, and a count is all most first screens write.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return anyNumber(n);
  const grouped = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ",");
  return n < 0 ? `-${grouped}` : grouped;
}
