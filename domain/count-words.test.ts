import { afterEach, describe, expect, it, vi } from "vitest";
import { formatCount } from "./count-words";

describe("formatCount", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("writes counts as Intl writes English, thousands separated", () => {
    const english = new Intl.NumberFormat("en");
    const counts = [0, 1, 7, 12, 999, 1000, 1001, 12_345, 999_999, 1_000_000, 1_234_567, 2 ** 53 - 1];
    for (const n of [...counts, ...counts.map((c) => -c)]) expect(formatCount(n)).toBe(english.format(n));
  });

  it("writes whole counts without Intl, and anything else through one shared Intl format", async () => {
    let built = 0;
    let written = 0;
    const Counted = class extends Intl.NumberFormat {
      constructor(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
        super(...args);
        built++;
      }
      override format(value: number | bigint) {
        written++;
        return super.format(value);
      }
    };
    vi.stubGlobal("Intl", Object.assign(Object.create(Intl) as typeof Intl, { NumberFormat: Counted }));
    // A fresh copy of the module, so its shared format is built under the stub.
    vi.resetModules();
    const { formatCount } = await import("./count-words");
    expect(formatCount(48_000)).toBe("48,000");
    expect(formatCount(-1_500)).toBe("-1,500");
    expect(written).toBe(0);
    expect(formatCount(1234.5678)).toBe("1,234.568");
    expect(formatCount(2 ** 60)).toBe("1,152,921,504,606,847,000");
    expect(written).toBe(2);
    expect(built).toBe(1);
  });
});
