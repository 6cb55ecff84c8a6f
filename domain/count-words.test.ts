import { describe, expect, it } from "vitest";
import { formatCount } from "./count-words";

describe("formatCount", () => {
  it("writes counts as Intl writes English, thousands separated", () => {
    const english = new Intl.NumberFormat("en");
    const counts = [0, 1, 7, 12, 999, 1000, 1001, 12_345, 999_999, 1_000_000, 1_234_567, 2 ** 53 - 1];
    for (const n of [...counts, ...counts.map((c) => -c)]) expect(formatCount(n)).toBe(english.format(n));
  });

  it("leaves fractions and numbers past the safe range to Intl", () => {
    expect(formatCount(1234.5678)).toBe("1,234.568");
    expect(formatCount(2 ** 60)).toBe(new Intl.NumberFormat("en").format(2 ** 60));
  });
});
