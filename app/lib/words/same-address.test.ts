import { describe, expect, it } from "vitest";
import { isSameAddress } from "~/lib/words/same-address";

describe("isSameAddress", () => {
  it("ignores case and surrounding spaces", () => {
    expect(isSameAddress("  Ann@Example.COM ", "ann@example.com")).toBe(true);
  });

  it("refuses another address, a part of it, or an unknown one", () => {
    expect(isSameAddress("bob@example.com", "ann@example.com")).toBe(false);
    expect(isSameAddress("ann@example", "ann@example.com")).toBe(false);
    expect(isSameAddress("", "ann@example.com")).toBe(false);
    expect(isSameAddress("", undefined)).toBe(false);
    expect(isSameAddress("", "  ")).toBe(false);
  });
});
