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
}

interface ResultsFile {
  date: string;
  targets?: Measured[];
}

/** Where docs/performance.md's generated table starts and ends: `npm run bench` rewrites what is between. */
export const TABLE_START = "<!-- performance-table:start (generated from bench/results by npm run bench) -->";
export const TABLE_END = "<!-- performance-table:end -->";

const number = (value: number) => value.toLocaleString("en-GB", { maximumFractionDigits: 2 });
const withUnit = (value: number, unit: string) => (unit ? `${number(value)} ${unit}` : number(value));

/**
 * The performance table of docs/performance.md: every target a benchmark holds (`target` set),
 * with the latest measurement, its date and its verdict, in the order of the results files' names.
 */
export function performanceTable(resultsDir = "bench/results"): string {
  const rows: string[] = [];
  for (const file of readdirSync(resultsDir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    const results = JSON.parse(readFileSync(join(resultsDir, file), "utf8")) as ResultsFile;
    for (const t of results.targets ?? []) {
      if (t.target === null) continue;
      const bound = `${t.better === "higher" ? "≥" : "≤"} ${withUnit(t.target, t.unit)}`;
      const verdict = t.pass ? "PASS" : "FAIL";
      rows.push(`| ${t.name} ${bound} | ${withUnit(t.measured, t.unit)} | ${results.date.slice(0, 10)} | ${verdict} |`);
    }
  }
  return ["| Target | Latest | Measured on | Verdict |", "| --- | --- | --- | --- |", ...rows].join("\n");
}

/** The page where `npm run bench` writes the table, between TABLE_START and TABLE_END. */
export const PERFORMANCE_PAGE = "docs/performance.md";

/** A page (docs/performance.md) with its generated table replaced by `table`. */
export function withTable(page: string, table: string): string {
  const start = page.indexOf(TABLE_START);
  const end = page.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${PERFORMANCE_PAGE} has no generated performance table`);
  return `${page.slice(0, start + TABLE_START.length)}\n\n${table}\n\n${page.slice(end)}`;
}
