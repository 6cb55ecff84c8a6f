import { describe, expect, it } from "vitest";
import { BytesCache } from "./bytes-cache.server";

const bytes = (n: number) => Buffer.alloc(n, 1);

describe("a bytes cache", () => {
  it("keeps a copy until its time runs out", () => {
    const clock = { now: 0 };
    const cache = new BytesCache(1000, 30_000, () => clock.now);
    cache.set("a.webp", bytes(10));
    clock.now = 29_999;
    expect(cache.get("a.webp")?.length).toBe(10);
    clock.now = 30_000;
    expect(cache.get("a.webp")).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it("stays within its bytes, dropping the oldest, and never keeps one copy of more than an eighth", () => {
    const cache = new BytesCache(100);
    cache.set("a", bytes(12));
    cache.set("b", bytes(12));
    cache.set("c", bytes(12));
    cache.set("huge", bytes(13));
    expect(cache.get("huge")).toBeUndefined();
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, bytes(12));
    expect(cache.size.bytes).toBeLessThanOrEqual(100);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("k9")?.length).toBe(12);
  });

  it("forgets a deleted file's or folder's copies at once", () => {
    const cache = new BytesCache(1000);
    cache.set("users/u/styles/s1/a.png.w320-q80.webp", bytes(5));
    cache.set("users/u/styles/s1/b.png.w320-q80.webp", bytes(5));
    cache.set("users/u/styles/s2/c.png.w320-q80.webp", bytes(5));
    cache.forget("users/u/styles/s1/a.png");
    expect(cache.get("users/u/styles/s1/a.png.w320-q80.webp")).toBeUndefined();
    expect(cache.get("users/u/styles/s1/b.png.w320-q80.webp")).toBeDefined();
    cache.forget("users/u/styles/s1");
    expect(cache.get("users/u/styles/s1/b.png.w320-q80.webp")).toBeUndefined();
    expect(cache.get("users/u/styles/s2/c.png.w320-q80.webp")).toBeDefined();
  });
});
