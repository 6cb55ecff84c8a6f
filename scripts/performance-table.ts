// Rewrites README's performance table from the latest bench/results (run by `npm run bench`).
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { performanceTable, withTable } from "../bench/performance-table";

const readme = readFileSync("README.md", "utf8");
const next = withTable(readme, performanceTable());
if (next !== readme) {
  writeFileSync("README.md", next);
  // Laid out as the rest of README is, so `npm run lint` stays green.
  spawnSync("npx", ["prettier", "--write", "README.md"], { stdio: "inherit" });
}
console.log(next === readme ? "README's performance table is current." : "README's performance table was rewritten.");
