/**
 * How many pages of a windowed list its address asks for (?pages=N): at least one, at most `max`,
 * so a reload or the back button shows as many as "Load more" had, with bounded work per load.
 */
export function readPageCount(params: URLSearchParams, max: number): number {
  const pages = Number.parseInt(params.get("pages") ?? "", 10);
  return Number.isFinite(pages) ? Math.min(max, Math.max(1, pages)) : 1;
}
