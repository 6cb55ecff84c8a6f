// `npm test`: typecheck, lint, unit + integration tests, then end-to-end tests in Chromium
// against the production build. Stops at the first failing step.
import { spawnSync } from "node:child_process";

const steps = [
  ["Typecheck", "npm", ["run", "typecheck"]],
  ["Lint", "npm", ["run", "lint"]],
  [
    "Unit and integration tests",
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/vitest.json"],
  ],
  ["Build", "npm", ["run", "build"]],
  ["End-to-end tests", "npx", ["playwright", "test"]],
];

const only = process.argv.slice(2);
const timings = [];
for (const [name, command, args] of steps) {
  if (only.length && !only.some((o) => name.toLowerCase().includes(o))) continue;
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, FORCE_COLOR: "1" } });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
  const took = (Date.now() - started) / 1000;
  timings.push([name, took]);
  console.log(`✓ ${name} (${took.toFixed(1)} s)`);
}
// Where the minutes went: each step, then the slowest test files of each suite.
console.log("\nSteps:");
for (const [name, took] of timings) console.log(`${`${took.toFixed(1)} s`.padStart(9)}  ${name}`);
spawnSync("node", ["scripts/slowest-tests.mjs"], { stdio: "inherit" });
