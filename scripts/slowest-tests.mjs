// Prints the slowest test files of a run, from the JSON reports vitest and Playwright write
// (test-results/vitest.json, test-results/playwright.json): where CI's minutes go.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const COUNT = 12;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

/** vitest's JSON report: each file's tests with their durations. */
function vitestFiles(file) {
  const report = JSON.parse(readFileSync(file, "utf8"));
  return report.testResults.map((result) => ({
    file: path.relative(process.cwd(), result.name),
    ms: result.assertionResults.reduce((sum, test) => sum + (test.duration ?? 0), 0),
    tests: result.assertionResults.length,
  }));
}

/** Playwright's JSON report: suites by file, each test's results with their durations. */
function playwrightFiles(file) {
  const report = JSON.parse(readFileSync(file, "utf8"));
  const byFile = new Map();
  const walk = (suite, fileName) => {
    const name = suite.file ?? fileName;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
        const entry = byFile.get(name) ?? { file: `tests/e2e/${name}`, ms: 0, tests: 0 };
        entry.ms += ms;
        entry.tests += 1;
        byFile.set(name, entry);
      }
    }
    for (const child of suite.suites ?? []) walk(child, name);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return [...byFile.values()];
}

for (const [title, file, read] of [
  ["unit and integration", "test-results/vitest.json", vitestFiles],
  ["end-to-end", "test-results/playwright.json", playwrightFiles],
]) {
  if (!existsSync(file)) continue;
  const files = read(file).sort((a, b) => b.ms - a.ms);
  const total = files.reduce((sum, f) => sum + f.ms, 0);
  console.log(`\nSlowest ${title} test files (${files.length} files, ${seconds(total).trim()} of test time):`);
  for (const f of files.slice(0, COUNT)) console.log(`${seconds(f.ms)}  ${f.file} (${f.tests} tests)`);
}
