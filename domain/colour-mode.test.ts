import { describe, expect, it } from "vitest";
import { parsePreference, readPreferenceCookie, resolveColourMode } from "./colour-mode";

describe("colour mode", () => {
  it("reads the preference cookie and defaults to system", () => {
    expect(readPreferenceCookie("a=b; motif-color-mode=dark; c=d")).toBe("dark");
    expect(readPreferenceCookie("motif-color-mode=light")).toBe("light");
    expect(readPreferenceCookie("motif-color-mode=purple")).toBe("system");
    expect(readPreferenceCookie(null)).toBe("system");
    expect(parsePreference(undefined)).toBe("system");
  });

  it("follows the device when the preference is system", () => {
    expect(resolveColourMode({ preference: "system", systemDark: true })).toBe("dark");
    expect(resolveColourMode({ preference: "system", systemDark: false })).toBe("light");
  });

  it("lets an explicit preference win over the device, and a forced mode win over both", () => {
    expect(resolveColourMode({ preference: "light", systemDark: true })).toBe("light");
    expect(resolveColourMode({ preference: "dark", systemDark: false })).toBe("dark");
    expect(resolveColourMode({ preference: "light", forced: "dark", systemDark: false })).toBe("dark");
  });
});
