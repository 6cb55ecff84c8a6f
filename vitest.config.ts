import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#server": fileURLToPath(new URL("./server", import.meta.url)),
      "#domain": fileURLToPath(new URL("./domain", import.meta.url)),
    },
  },
  test: {
    include: [
      "domain/**/*.test.ts",
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "bench/**/*.test.ts",
      "tests/architecture/**/*.test.ts",
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
