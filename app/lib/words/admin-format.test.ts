import { describe, expect, it } from "vitest";
import { ago, bytes, duration, percent, shortDayLabel, utcDateTime } from "~/lib/words/admin-format";

describe("the operator console's figures", () => {
  it("writes sizes in powers of 1,024", () => {
    expect(bytes(0)).toBe("0 bytes");
    expect(bytes(1)).toBe("1 byte");
    expect(bytes(1536)).toBe("1.5 KB");
    expect(bytes(250 * 1024 * 1024)).toBe("250 MB");
    expect(bytes(3.25 * 1024 ** 3)).toBe("3.3 GB");
  });

  it("writes durations, rates and times, with a dash for what has no value", () => {
    expect(duration(null)).toBe("—");
    expect(duration(4.25)).toBe("4.3 s");
    expect(duration(95)).toBe("1 min 35 s");
    expect(percent(0.1234, 8)).toBe("12.3%");
    expect(percent(0, 0)).toBe("—");
    expect(utcDateTime("2026-11-27T14:05:00Z")).toBe("27 Nov 2026, 14:05 UTC");
    expect(shortDayLabel("2026-11-03")).toBe("3 Nov");
  });

  it("says how long ago, then the date", () => {
    const now = new Date("2026-11-27T12:00:00Z");
    expect(ago(null, now)).toBe("Never");
    expect(ago("2026-11-27T11:59:30Z", now)).toBe("Just now");
    expect(ago("2026-11-27T11:15:00Z", now)).toBe("45 min ago");
    expect(ago("2026-11-27T02:00:00Z", now)).toBe("10 h ago");
    expect(ago("2026-11-26T11:00:00Z", now)).toBe("1 day ago");
    expect(ago("2026-08-01T11:00:00Z", now)).toBe("1 Aug 2026");
  });
});
