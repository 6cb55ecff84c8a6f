// Every benchmark's verdict in one shape: each target printed as PASS or FAIL with the
// measured figure beside the previous run's, and kept in bench/results/ for the next run.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { runHeader } from "./support";

export interface Target {
  /** What is measured, as a person reads it: "Landing / req/s, gzip on". */
  name: string;
  measured: number;
  unit: string;
  /** The figure to reach; `null` for a measure only reported. */
  target: number | null;
  /** Whether more is better (throughput) or less (bytes, milliseconds, megabytes). */
  better: "higher" | "lower";
  /** The same measure of an earlier build in the same run (BENCH_BEFORE), when one was measured. */
  before?: number;
}

export interface TargetResult extends Target {
  pass: boolean | null;
  previous: number | null;
}

function passes(target: Target): boolean | null {
  if (target.target === null) return null;
  return target.better === "higher" ? target.measured >= target.target : target.measured <= target.target;
}

function previousFigures(file: string): Map<string, number> {
  if (!existsSync(file)) return new Map();
  try {
    const earlier = JSON.parse(readFileSync(file, "utf8")) as { targets?: TargetResult[] };
    return new Map((earlier.targets ?? []).map((t) => [t.name, t.measured]));
  } catch {
    return new Map();
  }
}

const figure = (value: number | null, unit: string) => (value === null ? "—" : `${value} ${unit}`);

/** The lines `report` prints, one per target. */
export function formatTargets(results: TargetResult[]): string[] {
  const width = Math.max(...results.map((r) => r.name.length));
  return results.map((r) => {
    const verdict = r.pass === null ? "INFO" : r.pass ? "PASS" : "FAIL";
    const goal = r.target === null ? "reported" : `${r.better === "higher" ? "≥" : "≤"} ${figure(r.target, r.unit)}`;
    const before = r.before === undefined ? "" : `; before ${figure(r.before, r.unit)}`;
    return `${verdict}  ${r.name.padEnd(width)}  ${figure(r.measured, r.unit).padStart(12)}  (target ${goal}${before}; previous ${figure(r.previous, r.unit)})`;
  });
}

/**
 * Prints each target as PASS/FAIL beside the previous run's figure, writes the results file
 * (the run header, the targets and any details) and sets a failing exit code when a target
 * is missed, so `npm run bench` fails at the end.
 */
export function report(resultsFile: string, targets: Target[], details: Record<string, unknown> = {}): TargetResult[] {
  const previous = previousFigures(resultsFile);
  const results = targets.map((t) => ({ ...t, pass: passes(t), previous: previous.get(t.name) ?? null }));
  for (const line of formatTargets(results)) console.log(line);
  writeFileSync(resultsFile, `${JSON.stringify({ ...runHeader(), targets: results, ...details }, null, 2)}\n`);
  if (results.some((r) => r.pass === false)) process.exitCode = 1;
  return results;
}
