// The JavaScript a first visit downloads, per public page, against its budget (issue: fast
// on a phone). Starts the production build (`npm run build` first) on a fresh embedded
// database, reads each page's module scripts and modulepreloads, and weighs them gzipped.
// Exits 1 when a page is over budget, so the check fails until the budget is met.
import { gzipSync } from "node:zlib";
import { startBuiltServer } from "./support";
import { report, type Target } from "./targets";

/**
 * The targets for a first visit: gzipped bytes and number of files. The sign-in page
 * runs the app (signing in continues into it), so its weight is reported, not budgeted.
 */
const budgets: Record<string, { kB: number | null; files: number | null }> = {
  "/": { kB: 110, files: 8 },
  "/terms": { kB: 110, files: 8 },
  "/privacy": { kB: 110, files: 8 },
  "/auth/login": { kB: null, files: null },
};

/** Every script a page loads before it is interactive: module scripts, modulepreloads and their imports' preloads. */
function scriptsOf(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) found.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) found.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+href="([^"]+)"[^>]+rel="modulepreload"/g)) found.add(match[1]!);
  // React Router's inline bootstrap imports the entry and route modules by URL.
  for (const match of html.matchAll(/import\s*(?:[^"']*from\s*)?["']([^"']+\.js)["']/g)) found.add(match[1]!);
  return [...found].filter((src) => src.endsWith(".js"));
}

const server = await startBuiltServer();
const { base } = server;

try {
  const pages = [];
  for (const page of Object.keys(budgets)) {
    const html = await (await fetch(`${base}${page}`)).text();
    const files = [];
    for (const src of scriptsOf(html)) {
      const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
      files.push({ src, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length });
    }
    const gzipKB = Math.round(files.reduce((sum, f) => sum + f.gzipBytes, 0) / 102.4) / 10;
    pages.push({
      page,
      files: files.length,
      gzipKB,
      largest: files.sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 5),
    });
  }
  const targets: Target[] = pages.flatMap(({ page, files, gzipKB }) => [
    { name: `${page} JS, gzipped`, measured: gzipKB, unit: "kB", target: budgets[page]!.kB, better: "lower" as const },
    {
      name: `${page} JS files`,
      measured: files,
      unit: "files",
      target: budgets[page]!.files,
      better: "lower" as const,
    },
  ]);
  report("bench/results/js-budget.json", targets, { pages });
} finally {
  await server.stop();
}
