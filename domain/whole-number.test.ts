import { describe, expect, it } from "vitest";
import { onFirstUse, wholeNumber } from "./whole-number";

describe("wholeNumber", () => {
  it("writes what toLocaleString('en') writes, for whole numbers of every length and sign", () => {
    const samples = [
      0,
      1,
      12,
      999,
      1_000,
      1_200,
      12_345,
      999_999,
      1_000_000,
      1_234_567,
      2 ** 31,
      Number.MAX_SAFE_INTEGER,
    ];
    for (const n of [...samples, ...samples.map((n) => -n)])
      expect(wholeNumber(n), String(n)).toBe(n.toLocaleString("en"));
  });

  it("leaves fractions and numbers past the safe range to Intl", () => {
    for (const n of [1234.5, -0.25, 1e21, Number.NaN, Infinity]) expect(wholeNumber(n)).toBe(n.toLocaleString("en"));
  });
});

describe("onFirstUse", () => {
  it("builds the value once, on the first call", () => {
    let built = 0;
    const value = onFirstUse(() => ({ built: ++built }));
    expect(built).toBe(0);
    expect(value()).toBe(value());
    expect(built).toBe(1);
  });
});
