import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  budgetsTable,
  type Markers,
  PERFORMANCE_MARKERS,
  PERFORMANCE_PAGE,
  performanceTable,
  README_MARKERS,
  README_PAGE,
} from "../../bench/performance-table";

/** A table's rows with their padding taken out (the page's is laid out by prettier). */
const rowsOf = (table: string) =>
  table
    .split("\n")
    .filter((line) => line.startsWith("|") && !/^\|[\s|:-]+\|$/.test(line))
    .map((line) =>
      line
        .split("|")
        .map((cell) => cell.trim())
        .join("|"),
    );

/** The generated table between `markers` in the page at `path`. */
function tableIn(path: string, markers: Markers) {
  const page = readFileSync(path, "utf8");
  return page.slice(page.indexOf(markers.start) + markers.start.length, page.indexOf(markers.end));
}

describe("the performance table in docs/performance.md", () => {
  it("is the latest bench results, target by target", () => {
    const table = tableIn(PERFORMANCE_PAGE, PERFORMANCE_MARKERS);
    expect(rowsOf(table)).toEqual(rowsOf(performanceTable()));
    expect(rowsOf(table).length).toBeGreaterThan(10);
  });

  it("follows a new result: a target measured again shows its new figure and verdict", () => {
    const dir = mkdtempSync(join(tmpdir(), "motif-results-"));
    const result = (measured: number) =>
      JSON.stringify({
        date: "2026-11-28T10:00:00.000Z",
        targets: [
          { name: "/app req/s", measured, unit: "req/s", target: 500, better: "higher", pass: measured >= 500 },
          { name: "/app bytes", measured: 9, unit: "B", target: null, better: "lower", pass: null },
        ],
      });
    writeFileSync(join(dir, "signed-in.json"), result(190));
    expect(rowsOf(performanceTable(dir))).toEqual([
      "|Target|Latest|Measured on|Verdict|",
      "|/app req/s ≥ 500 req/s|190 req/s|2026-11-28|FAIL|",
    ]);
    writeFileSync(join(dir, "signed-in.json"), result(1172));
    expect(rowsOf(performanceTable(dir))[1]).toBe("|/app req/s ≥ 500 req/s|1,172 req/s|2026-11-28|PASS|");
  });
});

describe("the signed-in pages' budgets in the README", () => {
  it("are the latest bench results, with the build before's figures where a run measured them", () => {
    const table = tableIn(README_PAGE, README_MARKERS);
    expect(rowsOf(table)).toEqual(rowsOf(budgetsTable()));
    const rows = rowsOf(table);
    for (const budget of [
      "/app HTML",
      "/app first-load JS files",
      "/app req/s rendered fresh",
      "Object page req/s rendered fresh",
      "/app/style req/s rendered fresh",
      "Signed-in styles page, largest contentful paint",
      "(PostgreSQL)",
    ])
      expect(rows.some((row) => row.includes(budget))).toBe(true);
  });

  it("quotes only the chosen lines, each database's memory named, and a figure before only where measured", () => {
    const dir = mkdtempSync(join(tmpdir(), "motif-results-"));
    const write = (file: string, targets: object[]) =>
      writeFileSync(join(dir, file), JSON.stringify({ date: "2026-12-01T09:00:00.000Z", targets }));
    const line = (name: string, measured: number, before?: number) => ({
      name,
      measured,
      unit: "req/s",
      target: 400,
      better: "higher",
      pass: measured >= 400,
      ...(before === undefined ? {} : { before }),
    });
    write("page-weight.json", [line("/app fresh", 420, 190), line("/app reported", 9)]);
    write("lighthouse.json", [
      line("Landing, first contentful paint", 1),
      line("Landing, largest contentful paint", 1),
    ]);
    for (const file of ["memory.json", "memory-postgres.json"])
      write(file, [line("Idle", 1), line("60 s after the load, above idle", 500)]);
    expect(rowsOf(budgetsTable(dir))).toEqual([
      "|Budget|Before|Latest|Measured on|Verdict|",
      "|/app fresh ≥ 400 req/s|190 req/s|420 req/s|2026-12-01|PASS|",
      "|/app reported ≥ 400 req/s|—|9 req/s|2026-12-01|FAIL|",
      "|Landing, largest contentful paint ≥ 400 req/s|—|1 req/s|2026-12-01|FAIL|",
      "|60 s after the load, above idle (embedded database) ≥ 400 req/s|—|500 req/s|2026-12-01|PASS|",
      "|60 s after the load, above idle (PostgreSQL) ≥ 400 req/s|—|500 req/s|2026-12-01|PASS|",
    ]);
  });
});
