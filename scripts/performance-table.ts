// Rewrites the performance table in docs/performance.md from the latest bench/results (run by `npm run bench`).
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { PERFORMANCE_PAGE, performanceTable, withTable } from "../bench/performance-table";

const page = readFileSync(PERFORMANCE_PAGE, "utf8");
const next = withTable(page, performanceTable());
if (next !== page) {
  writeFileSync(PERFORMANCE_PAGE, next);
  // Laid out as the rest of the docs are, so `npm run lint` stays green.
  spawnSync("npx", ["prettier", "--write", PERFORMANCE_PAGE], { stdio: "inherit" });
}
console.log(
  next === page
    ? `The performance table in ${PERFORMANCE_PAGE} is current.`
    : `The performance table in ${PERFORMANCE_PAGE} was rewritten.`,
);
