import { describe, expect, it } from "vitest";
import { parseBackdrop } from "~/lib/hooks/use-backdrop";

describe("parseBackdrop", () => {
  it("keeps a known backdrop and falls back to the checker for anything else", () => {
    expect(parseBackdrop("light")).toBe("light");
    expect(parseBackdrop("dark")).toBe("dark");
    expect(parseBackdrop("checker")).toBe("checker");
    expect(parseBackdrop(null)).toBe("checker");
    expect(parseBackdrop("purple")).toBe("checker");
  });
});
