// Rewrites the generated tables from the latest bench/results (run by `npm run bench`): every
// target in docs/performance.md, the signed-in pages' budgets in the README.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import {
  budgetsTable,
  PERFORMANCE_MARKERS,
  PERFORMANCE_PAGE,
  performanceTable,
  README_MARKERS,
  README_PAGE,
  withTable,
} from "../bench/performance-table";

for (const [file, table, markers] of [
  [PERFORMANCE_PAGE, performanceTable(), PERFORMANCE_MARKERS],
  [README_PAGE, budgetsTable(), README_MARKERS],
] as const) {
  const page = readFileSync(file, "utf8");
  const next = withTable(page, table, markers);
  if (next !== page) {
    writeFileSync(file, next);
    // Laid out as the rest of the docs are, so `npm run lint` stays green.
    spawnSync("npx", ["prettier", "--write", file], { stdio: "inherit" });
  }
  console.log(next === page ? `The table in ${file} is current.` : `The table in ${file} was rewritten.`);
}
