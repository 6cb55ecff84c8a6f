// The JavaScript a first visit downloads, per public page, against its budget (issue: fast
// on a phone). Starts the production build (`npm run build` first) on a fresh embedded
// database, reads each page's module scripts and modulepreloads, and weighs them gzipped.
// Exits 1 when a page is over budget, so the check fails until the budget is met.
import { weighScripts } from "./page-scripts";
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

const server = await startBuiltServer();
const { base } = server;

try {
  const pages = [];
  for (const page of Object.keys(budgets)) {
    const html = await (await fetch(`${base}${page}`)).text();
    pages.push({ page, ...(await weighScripts(base, html)) });
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
