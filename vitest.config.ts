import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const testFiles = [
  "domain/**/*.test.ts",
  "app/**/*.test.{ts,tsx}",
  "server/**/*.test.ts",
  "tests/integration/**/*.test.ts",
  "bench/**/*.test.ts",
  "tests/architecture/**/*.test.ts",
];

/** Files that mock or reload modules (the architecture test checks this list is complete). */
export const ownModuleGraph = [
  "server/generation/preview/icon-treatment.server.test.ts",
  "server/generation/preview/icon-sets.server.test.ts",
  "domain/count-words.test.ts",
];

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#server": fileURLToPath(new URL("./server", import.meta.url)),
      "#domain": fileURLToPath(new URL("./domain", import.meta.url)),
    },
  },
  test: {
    // Most files share their worker's loaded modules: importing the server once per worker, not
    // once per file, saves about a third of the suite's time. A file that replaces a module
    // (vi.mock, vi.resetModules) runs in its own module graph, so nothing it mocks leaks.
    projects: [
      { extends: true, test: { name: "shared", include: testFiles, exclude: ownModuleGraph, isolate: false } },
      { extends: true, test: { name: "own modules", include: ownModuleGraph } },
    ],
    environment: "node",
    env: { LOG_LEVEL: "silent" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A poll waits for something that does happen (a cancel sent on after a job stops, say);
    // two test files and a database share two cores, so a second is too little on a busy day.
    expect: { poll: { timeout: 10_000 } },
    // PGlite instances are heavy; two cores run two files at a time.
    maxWorkers: 2,
  },
});
