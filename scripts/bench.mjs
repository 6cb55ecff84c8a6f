// `npm run bench`: every benchmark under bench/, on PGlite and (with BENCH_DATABASE_URL) PostgreSQL.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";

const benches = readdirSync("bench").filter((f) => f.endsWith(".bench.ts"));
for (const bench of benches) {
  console.log(`\n▶ ${bench}`);
  const result = spawnSync("npx", ["tsx", `bench/${bench}`], {
    stdio: "inherit",
    env: { ...process.env, LOG_LEVEL: "silent" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
