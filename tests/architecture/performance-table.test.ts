import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PERFORMANCE_PAGE, performanceTable, TABLE_END, TABLE_START } from "../../bench/performance-table";

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

describe("the performance table in docs/performance.md", () => {
  it("is the latest bench results, target by target", () => {
    const page = readFileSync(PERFORMANCE_PAGE, "utf8");
    const table = page.slice(page.indexOf(TABLE_START) + TABLE_START.length, page.indexOf(TABLE_END));
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
