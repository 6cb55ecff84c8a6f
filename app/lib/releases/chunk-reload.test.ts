import { describe, expect, it } from "vitest";
import { CHUNK_RELOAD_GUARD_MS, claimReload, isChunkLoadError } from "~/lib/releases/chunk-reload";

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

describe("chunk reload guard", () => {
  it("recognises chunk load failures and nothing else", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/a.css"))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
  });

  it("reloads once per path within 10 s", () => {
    const storage = memoryStorage();
    expect(claimReload(storage, "/app", 1_000)).toBe(true);
    expect(claimReload(storage, "/app", 1_000 + CHUNK_RELOAD_GUARD_MS - 1)).toBe(false);
    expect(claimReload(storage, "/app/style", 1_500)).toBe(true);
    expect(claimReload(storage, "/app", 1_000 + CHUNK_RELOAD_GUARD_MS)).toBe(true);
    expect(CHUNK_RELOAD_GUARD_MS).toBe(10_000);
  });
});
