/**
 * A count with thousands separated, as English writes it ("1,234", "-1,500"): what
 * `toLocaleString("en")` writes, without Intl. A browser's first Intl format loads ICU's data
 * (30 ms or more on a phone), and a count is all most first screens write (a credit balance, the
 * objects in a job); `toLocaleString` also builds a new number format at every call. Anything but
 * a safe integer is left to Intl.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString("en");
  const grouped = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ",");
  return n < 0 ? `-${grouped}` : grouped;
}
