import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** One measured target as `bench/` writes it into `bench/results/*.json`. */
interface Measured {
  name: string;
  measured: number;
  unit: string;
  target: number | null;
  better: "higher" | "lower";
  pass: boolean | null;
  /** An earlier build's figure measured in the same run (BENCH_BEFORE). */
  before?: number;
}

interface ResultsFile {
  date: string;
  targets?: Measured[];
}

/** Where a generated table starts and ends in its page: `npm run bench` rewrites what is between. */
export interface Markers {
  start: string;
  end: string;
}

/** docs/performance.md's table of every target. */
export const PERFORMANCE_MARKERS: Markers = {
  start: "<!-- performance-table:start (generated from bench/results by npm run bench) -->",
  end: "<!-- performance-table:end -->",
};

/** The README's table of the signed-in pages' budgets. */
export const README_MARKERS: Markers = {
  start: "<!-- budgets-table:start (generated from bench/results by npm run bench) -->",
  end: "<!-- budgets-table:end -->",
};

const number = (value: number) => value.toLocaleString("en-GB", { maximumFractionDigits: 2 });
const withUnit = (value: number, unit: string) => (unit ? `${number(value)} ${unit}` : number(value));

const bound = (t: Measured) => `${t.better === "higher" ? "≥" : "≤"} ${withUnit(t.target!, t.unit)}`;
const verdict = (t: Measured) => (t.pass ? "PASS" : "FAIL");
const resultsIn = (resultsDir: string, file: string) =>
  JSON.parse(readFileSync(join(resultsDir, file), "utf8")) as ResultsFile;

/**
 * The performance table of docs/performance.md: every target a benchmark holds (`target` set),
 * with the latest measurement, its date and its verdict, in the order of the results files' names.
 */
export function performanceTable(resultsDir = "bench/results"): string {
  const rows: string[] = [];
  for (const file of readdirSync(resultsDir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    const results = resultsIn(resultsDir, file);
    for (const t of results.targets ?? []) {
      if (t.target === null) continue;
      rows.push(
        `| ${t.name} ${bound(t)} | ${withUnit(t.measured, t.unit)} | ${results.date.slice(0, 10)} | ${verdict(t)} |`,
      );
    }
  }
  return ["| Target | Latest | Measured on | Verdict |", "| --- | --- | --- | --- |", ...rows].join("\n");
}

/** The README quotes these: the signed-in pages' budgets (page weight, fresh renders, Lighthouse, memory). */
const README_LINES: { file: string; names?: RegExp; label?: string }[] = [
  { file: "page-weight.json" },
  { file: "lighthouse.json", names: /Lighthouse mobile performance|largest contentful paint/ },
  { file: "memory.json", names: /fresh renders|after the load/, label: "embedded database" },
  { file: "memory-postgres.json", names: /fresh renders|after the load/, label: "PostgreSQL" },
];

/**
 * The README's table: each budget of the signed-in pages with the build before's figure where
 * the run measured one beside it (BENCH_BEFORE), the latest figure, its date and its verdict.
 */
export function budgetsTable(resultsDir = "bench/results"): string {
  const rows: string[] = [];
  for (const { file, names, label } of README_LINES) {
    const results = resultsIn(resultsDir, file);
    for (const t of results.targets ?? []) {
      if (t.target === null || (names && !names.test(t.name))) continue;
      const name = label ? `${t.name} (${label})` : t.name;
      const before = t.before === undefined ? "—" : withUnit(t.before, t.unit);
      rows.push(
        `| ${name} ${bound(t)} | ${before} | ${withUnit(t.measured, t.unit)} | ${results.date.slice(0, 10)} | ${verdict(t)} |`,
      );
    }
  }
  return ["| Budget | Before | Latest | Measured on | Verdict |", "| --- | --- | --- | --- | --- |", ...rows].join(
    "\n",
  );
}

/** The pages where `npm run bench` writes its tables, each between its markers. */
export const PERFORMANCE_PAGE = "docs/performance.md";
export const README_PAGE = "README.md";

/** `page` with the table between `markers` replaced by `table`. */
export function withTable(page: string, table: string, markers: Markers = PERFORMANCE_MARKERS): string {
  const start = page.indexOf(markers.start);
  const end = page.indexOf(markers.end);
  if (start < 0 || end < start) throw new Error(`No generated table between ${markers.start} and ${markers.end}`);
  return `${page.slice(0, start + markers.start.length)}\n\n${table}\n\n${page.slice(end)}`;
}
