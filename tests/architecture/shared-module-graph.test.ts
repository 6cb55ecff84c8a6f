// Most test files share their worker's loaded modules (vitest.config.ts): a file that mocks or
// reloads a module must run in its own module graph, or what it replaces leaks into the files
// that run after it in that worker.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ownModuleGraph } from "../../vitest.config";

const root = path.resolve(import.meta.dirname, "../..");
const TEST_ROOTS = ["app", "server", "domain", "tests", "bench"];
/** What replaces a module for the rest of a module graph ("vi" written apart, so this file is not one). */
const REPLACES_MODULES = new RegExp(["vi", "\\.(mock|doMock|resetModules|importActual)\\("].join(""));

function testFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(file);
    return /\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("test files that replace modules", () => {
  const replacing = TEST_ROOTS.flatMap(testFiles).filter((file) =>
    REPLACES_MODULES.test(readFileSync(path.join(root, file), "utf8")),
  );

  it("run in their own module graph", () => {
    expect(replacing.length).toBeGreaterThan(0);
    expect(replacing.filter((file) => !ownModuleGraph.includes(file))).toEqual([]);
  });

  it("are the only ones that do", () => {
    expect(ownModuleGraph.filter((file) => !replacing.includes(file))).toEqual([]);
  });
});
