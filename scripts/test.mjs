// `npm test`: typecheck, lint and the production build side by side (two cores: each waits on one
// thing), then unit + integration tests, then end-to-end tests in Chromium against the build.
// Stops at the first failing step. `npm test -- lint e2e` runs only the steps named.
import { spawn, spawnSync } from "node:child_process";

const vitest = ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/vitest.json"];
/** Steps in order; the steps of an inner list run at the same time, each printed when it ends. */
const steps = [
  ["Route types", "npx", ["react-router", "typegen"]],
  [
    ["Typecheck", "npx", ["tsc", "--noEmit"]],
    ["Lint", "npm", ["run", "lint"]],
    ["Build", "npm", ["run", "build"]],
  ],
  ["Unit and integration tests", "npx", vitest],
  ["End-to-end tests", "npx", ["playwright", "test"]],
];

const only = process.argv.slice(2);
const wanted = ([name]) => !only.length || only.some((o) => name.toLowerCase().includes(o));
const env = { ...process.env, FORCE_COLOR: "1" };
const timings = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function failed(name, status) {
  console.error(`\n✖ ${name} failed`);
  process.exit(status ?? 1);
}

/** One step, its output as it comes. */
function runStep([name, command, args]) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) failed(name, result.status);
  timings.push([name, Date.now() - started]);
  console.log(`✓ ${name} (${seconds(Date.now() - started)})`);
}

/** Steps at the same time, each one's output held and printed whole when it ends. */
async function runTogether(group) {
  console.log(`\n▶ ${group.map(([name]) => name).join(", ")}, side by side`);
  const started = Date.now();
  const results = await Promise.all(
    group.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
          const output = [];
          child.stdout.on("data", (chunk) => output.push(chunk));
          child.stderr.on("data", (chunk) => output.push(chunk));
          child.on("close", (status) => {
            const took = Date.now() - started;
            console.log(`\n── ${name} ──`);
            process.stdout.write(Buffer.concat(output));
            console.log(status === 0 ? `✓ ${name} (${seconds(took)})` : `✖ ${name}`);
            timings.push([name, took]);
            resolve({ name, status });
          });
        }),
    ),
  );
  const failure = results.find((result) => result.status !== 0);
  if (failure) failed(failure.name, failure.status);
}

for (const step of steps) {
  if (Array.isArray(step[0])) {
    const group = step.filter(wanted);
    if (group.length) await runTogether(group);
  } else if (wanted(step)) runStep(step);
}
// Where the minutes went: each step, then the slowest test files of each suite.
console.log("\nSteps:");
for (const [name, took] of timings) console.log(`${seconds(took).padStart(9)}  ${name}`);
spawnSync("node", ["scripts/slowest-tests.mjs"], { stdio: "inherit" });
