/** Built on the first count that is not a safe integer, then shared: most pages never need it. */
let english: Intl.NumberFormat | undefined;

/**
 * A count with thousands separated, as English writes it ("1,234", "-1,500"): what
 * `Intl.NumberFormat("en")` writes, without Intl for a safe integer. A browser's first Intl format
 * loads ICU's data (30 ms or more on a phone), and a count is all most first screens write (a
 * credit balance, the objects in a job). Anything else goes through one shared format.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return (english ??= new Intl.NumberFormat("en")).format(n);
  const grouped = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ",");
  return n < 0 ? `-${grouped}` : grouped;
}
