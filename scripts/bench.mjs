// `npm run bench`: every benchmark under bench/, on PGlite and (with BENCH_DATABASE_URL) PostgreSQL.
// Each runs whatever the others found; the command fails at the end if any was over its target.
// Benchmarks that draw in their own process run with the servers' memory settings.
import "./malloc-tuning.mjs";
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";

const only = process.argv.slice(2);
const benches = readdirSync("bench")
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => only.length === 0 || only.some((name) => f.startsWith(name)));
const failed = [];
for (const bench of benches) {
  console.log(`\n▶ ${bench}`);
  const result = spawnSync("npx", ["tsx", `bench/${bench}`], {
    stdio: "inherit",
    env: { ...process.env, LOG_LEVEL: "silent" },
  });
  if (result.status !== 0) failed.push(bench);
}
// docs/performance.md quotes the latest results: its table is written from bench/results.
spawnSync("npx", ["tsx", "scripts/performance-table.ts"], { stdio: "inherit" });
if (failed.length) {
  console.error(`\nOver target or failed: ${failed.join(", ")}`);
  process.exit(1);
}
