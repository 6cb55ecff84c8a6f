import { afterEach, describe, expect, it, vi } from "vitest";
import { dateFormatter, numberFormatter } from "./intl-format";

/** Stubs `Intl` so each constructor counts what it builds; returns the counts. */
function countingIntl() {
  const made = { dates: 0, numbers: 0 };
  const Dates = class extends Intl.DateTimeFormat {
    constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      super(...args);
      made.dates++;
    }
  };
  const Numbers = class extends Intl.NumberFormat {
    constructor(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      super(...args);
      made.numbers++;
    }
  };
  vi.stubGlobal(
    "Intl",
    Object.assign(Object.create(Intl) as typeof Intl, { DateTimeFormat: Dates, NumberFormat: Numbers }),
  );
  return made;
}

describe("dateFormatter", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("builds its Intl format on the first date, once", () => {
    const made = countingIntl();
    const format = dateFormatter({ dateStyle: "medium", timeZone: "UTC" });
    expect(made.dates).toBe(0);
    expect(format("2026-03-04T10:00:00Z")).toBe("4 Mar 2026");
    expect(format(new Date("2026-12-25T00:00:00Z"))).toBe("25 Dec 2026");
    expect(made.dates).toBe(1);
  });

  it("formats strings, dates and timestamps alike", () => {
    const format = dateFormatter({ day: "numeric", month: "short", timeZone: "UTC" });
    const at = Date.UTC(2026, 0, 9);
    expect(format(at)).toBe("9 Jan");
    expect(format(new Date(at))).toBe("9 Jan");
    expect(format(new Date(at).toISOString())).toBe("9 Jan");
  });
});

describe("numberFormatter", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("builds one number format for every number it writes", () => {
    const made = countingIntl();
    const tenths = numberFormatter({ maximumFractionDigits: 1 });
    expect(made.numbers).toBe(0);
    expect([12.345, 3, 1234.56].map(tenths)).toEqual(["12.3", "3", "1,234.6"]);
    expect(made.numbers).toBe(1);
  });
});
