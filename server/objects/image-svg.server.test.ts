import { describe, expect, it } from "vitest";
import { mapBounded, svgKey } from "./image-svg.server";

describe("the kept SVG's key", () => {
  it("sits beside the image and changes with what it was traced with", () => {
    const icon = { look: "icon" as const, palette: ["#e76e50"] };
    expect(svgKey("u/o/i.png", icon)).toMatch(/^u\/o\/i\.png\.[0-9a-f]{16}\.svg$/);
    expect(svgKey("u/o/i.png", { ...icon, palette: ["#E76E50"] })).toBe(svgKey("u/o/i.png", icon));
    expect(svgKey("u/o/i.png", { ...icon, palette: ["#2a9d8f"] })).not.toBe(svgKey("u/o/i.png", icon));
    expect(svgKey("u/o/i.png", { ...icon, singleColour: true })).not.toBe(svgKey("u/o/i.png", icon));
  });
});

describe("mapBounded", () => {
  it("runs at most `limit` at once and answers in the items' order", async () => {
    let running = 0;
    let most = 0;
    const finished: number[] = [];
    const results = await mapBounded(
      [30, 5, 20, 1, 10],
      2,
      async (ms, i) => {
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, ms));
        running--;
        return i * 10;
      },
      (_, i) => finished.push(i),
    );
    expect(results).toEqual([0, 10, 20, 30, 40]);
    expect(most).toBe(2);
    expect(finished.sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it("rejects with the first failure and starts nothing after it", async () => {
    const started: number[] = [];
    await expect(
      mapBounded([1, 2, 3, 4], 1, async (n) => {
        started.push(n);
        if (n === 2) throw new Error("no");
        return n;
      }),
    ).rejects.toThrow("no");
    expect(started).toEqual([1, 2]);
  });
});
