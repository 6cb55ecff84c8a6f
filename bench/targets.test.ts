import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { report } from "./targets";

describe("bench targets", () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), "motif-targets-"));
    vi.spyOn(console, "log").mockImplementation(() => {});
    process.exitCode = undefined;
  });
  afterEach(() => {
    rmSync(folder, { recursive: true, force: true });
    vi.restoreAllMocks();
    process.exitCode = undefined;
  });

  it("passes a throughput at or above its target and a size at or below it", () => {
    const file = path.join(folder, "a.json");
    const results = report(file, [
      { name: "req/s", measured: 1500, unit: "req/s", target: 1500, better: "higher" },
      { name: "JS", measured: 111, unit: "kB", target: 110, better: "lower" },
      { name: "latency", measured: 3, unit: "ms", target: null, better: "lower" },
    ]);
    expect(results.map((r) => r.pass)).toEqual([true, false, null]);
    expect(process.exitCode).toBe(1);
  });

  it("shows the previous run's figure beside the new one and keeps the new one for next time", () => {
    const file = path.join(folder, "b.json");
    report(file, [{ name: "req/s", measured: 400, unit: "req/s", target: 500, better: "higher" }]);
    const lines: string[] = [];
    vi.mocked(console.log).mockImplementation((line: string) => lines.push(line));
    const second = report(file, [{ name: "req/s", measured: 650, unit: "req/s", target: 500, better: "higher" }], {
      note: "kept",
    });
    expect(second[0]).toMatchObject({ pass: true, previous: 400 });
    expect(lines[0]).toMatch(/^PASS\s+req\/s\s+650 req\/s\s+\(target ≥ 500 req\/s; previous 400 req\/s\)$/);
    const saved = JSON.parse(readFileSync(file, "utf8"));
    expect(saved.targets[0].measured).toBe(650);
    expect(saved.note).toBe("kept");
  });

  it("prints and keeps an earlier build's figure measured in the same run", () => {
    const file = path.join(folder, "c.json");
    const lines: string[] = [];
    vi.mocked(console.log).mockImplementation((line: string) => lines.push(line));
    report(file, [{ name: "fresh", measured: 420, unit: "req/s", target: 400, better: "higher", before: 190 }]);
    expect(lines[0]).toMatch(/\(target ≥ 400 req\/s; before 190 req\/s; previous —\)$/);
    expect(JSON.parse(readFileSync(file, "utf8")).targets[0]).toMatchObject({ measured: 420, before: 190 });
  });
});
