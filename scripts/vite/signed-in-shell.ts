// Groups the browser build's modules by the pages that load them, the signed-in shell first
// (docs/decisions/126).
// Used by vite.config.ts.
import type { ChunkingContext } from "rolldown";

/** Each build's answers so far: a build has one context, and the client's graph is not the server's. */
const builds = new WeakMap<ChunkingContext, Map<string, Set<string>>>();

/**
 * The entries that import `id`, directly or through other static imports: route modules, and
 * modules a page loads on first use (dynamic imports: a dialog, a menu, a panel).
 */
function entriesReaching(id: string, ctx: ChunkingContext): Set<string> {
  let memo = builds.get(ctx);
  if (!memo) builds.set(ctx, (memo = new Map()));
  const known = memo.get(id);
  if (known) return known;
  const found = new Set<string>();
  memo.set(id, found); // an import cycle meets this (still filling) set and stops
  const info = ctx.getModuleInfo(id);
  if (!info) return found;
  if (info.isEntry || info.dynamicImporters.length > 0) found.add(id);
  for (const importer of info.importers) for (const entry of entriesReaching(importer, ctx)) found.add(entry);
  return found;
}

/**
 * Chunks by what loads them: what the root route imports is loaded on every page ("base"); what
 * both layouts import, on every page but the landing page ("layouts"); what only the signed-in
 * layout imports, on every signed-in page ("shell"). Anything else: null, for the next group.
 * The import graph knows what a module imports, not what of it is used: zod is imported by the
 * domain's modules whose schemas those pages drop (pure-domain-constants.ts), so `unless` keeps
 * it out.
 */
export function pageChrome(entries: { root: RegExp; publicLayout: RegExp; signedInLayout: RegExp }, unless: RegExp) {
  return (id: string, ctx: ChunkingContext): string | null => {
    if (unless.test(id)) return null;
    const reaching = [...entriesReaching(id, ctx)];
    const reachedBy = (entry: RegExp) => reaching.some((found) => entry.test(found));
    if (reachedBy(entries.root)) return "base";
    if (!reachedBy(entries.signedInLayout)) return null;
    return reachedBy(entries.publicLayout) ? "layouts" : "shell";
  };
}

/**
 * What several pages share travels with the first of them in `order`, a list of page groups by
 * how often people open them: that group's pages load all of it in one file, the others load its
 * file beside their own. The first `leading` groups, the pages opened most (a single page each),
 * load no one else's baggage: what they share is grouped by which of them use it (the composer's
 * model picker, on the create and object pages: "with-create-object"). So does what a page and a part
 * loaded on first use share (the model picker, in the composer and in a lazily loaded dialog):
 * else it would be a file of its own. A module only one page loads, and one only parts loaded on
 * first use import, are left to the default chunking (null).
 */
export function sharedWithFirstPages(
  order: [name: string, pages: RegExp][],
  options: { leading: number; routesDir: string; unless: RegExp },
) {
  const { leading, routesDir, unless } = options;
  const rank = (entry: string) => {
    const page = entry.split(routesDir)[1]?.replace(/\.tsx?(\?.*)?$/, "") ?? "";
    const index = order.findIndex(([, pages]) => pages.test(page));
    return index === -1 ? order.length : index;
  };
  return (id: string, ctx: ChunkingContext): string | null => {
    if (unless.test(id)) return null;
    const reaching = [...entriesReaching(id, ctx)];
    const pages = reaching.filter((entry) => entry.includes(routesDir));
    const loadedOnUse = reaching.some((entry) => ctx.getModuleInfo(entry)?.dynamicImporters.length);
    if (pages.length === 0 || (pages.length === 1 && !loadedOnUse)) return null;
    const ranks = [...new Set(pages.map(rank))].sort((a, b) => a - b);
    const leadingPages = ranks.filter((r) => r < leading);
    const named = leadingPages.length > 0 ? leadingPages : ranks.slice(0, 1);
    return `with-${named.map((r) => order[r]?.[0] ?? "other-pages").join("-")}`;
  };
}

/**
 * The modules that a module matching `importers` imports (not those `unless` matches, nor
 * `importers`' own): the words request schemas are built from. In a chunk of their own they
 * need nothing from the pages' chunks, so the schemas' chunk imports no page's chunk back.
 */
export function importedBy(importers: RegExp, unless: RegExp, name: string) {
  return (id: string, ctx: ChunkingContext): string | null => {
    if (unless.test(id) || importers.test(id)) return null;
    const importedByThem = ctx.getModuleInfo(id)?.importers.some((importer) => importers.test(importer));
    return importedByThem ? name : null;
  };
}
