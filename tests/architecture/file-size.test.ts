// Small modules with one job: no source file grows past 400 lines. Prose pages (the terms and the
// privacy policy) are long because the law is; they hold text, not logic, and are the only exceptions.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const MAX_LINES = 400;
const SOURCE_ROOTS = ["app", "server", "domain", "scripts", "tests", "bench"];
const PROSE_PAGES = new Set(["app/routes/terms.tsx", "app/routes/privacy.tsx"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "results" ? [] : sourceFiles(file);
    return /\.(ts|tsx|mjs|cjs|js)$/.test(entry.name) ? [file] : [];
  });
}

const lineCount = (file: string) => readFileSync(path.join(root, file), "utf8").split("\n").length - 1;

describe("source files", () => {
  it(`stay under ${MAX_LINES} lines, prose pages aside`, () => {
    const files = SOURCE_ROOTS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(300);
    const tooLong = files
      .filter((file) => !PROSE_PAGES.has(file) && lineCount(file) > MAX_LINES)
      .map((file) => `${file}: ${lineCount(file)} lines`);
    expect(tooLong).toEqual([]);
  });

  it("counts lines the way an editor does, so the rule would catch a long file", () => {
    const longest = [...PROSE_PAGES].map(lineCount);
    expect(Math.max(...longest)).toBeGreaterThan(MAX_LINES);
  });
});
