/*
 * Dates and numbers in words, each through one `Intl` format built on its first use. A browser
 * spends 30–50 ms on its first format (loading ICU's data), and `toLocaleString` builds a new one
 * at every call: built at module load or per call, they land in the first screen's hydration
 * whether or not the page shows a date. Whole counts need no Intl (`#domain/count-words`).
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

/** A number format in English ("12.5" with one decimal at most, say). */
export const numberFormatter = (options?: Intl.NumberFormatOptions): Formatter<number> =>
  lazily<number>(() => new Intl.NumberFormat("en", options));
