/**
 * A whole number as `toLocaleString("en")` writes it ("1,234,567"), without Intl: a page's first
 * use of Intl makes the browser load its locale data, about 40 ms of a phone's main thread, and
 * counts are on every signed-in page's first screen (the credit balance). Anything but a safe
 * integer is left to Intl.
 */
export function wholeNumber(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString("en");
  const digits = String(Math.abs(n));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let at = grouped.length; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`;
  return n < 0 ? `-${grouped}` : grouped;
}

/** Something built on first use: an Intl formatter, made only by the page that formats. */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
