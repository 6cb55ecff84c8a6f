import { describe, expect, it } from "vitest";
import { readPageCount } from "./page-count";

describe("a windowed list's page count", () => {
  it("reads ?pages, bounded to 1…max", () => {
    const count = (search: string) => readPageCount(new URLSearchParams(search), 20);
    expect(count("")).toBe(1);
    expect(count("pages=3")).toBe(3);
    expect(count("pages=0")).toBe(1);
    expect(count("pages=-4")).toBe(1);
    expect(count("pages=999")).toBe(20);
    expect(count("pages=two")).toBe(1);
  });
});
