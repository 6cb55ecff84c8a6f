import { describe, expect, it } from "vitest";
import { parsePreference, readPreferenceCookie, resolveColorMode } from "./color-mode";

describe("colour mode", () => {
  it("reads the preference cookie and defaults to system", () => {
    expect(readPreferenceCookie("a=b; motif-color-mode=dark; c=d")).toBe("dark");
    expect(readPreferenceCookie("motif-color-mode=light")).toBe("light");
    expect(readPreferenceCookie("motif-color-mode=purple")).toBe("system");
    expect(readPreferenceCookie(null)).toBe("system");
    expect(parsePreference(undefined)).toBe("system");
  });

  it("follows the device when the preference is system", () => {
    expect(resolveColorMode({ preference: "system", systemDark: true })).toBe("dark");
    expect(resolveColorMode({ preference: "system", systemDark: false })).toBe("light");
  });

  it("lets an explicit preference win over the device, and a forced mode win over both", () => {
    expect(resolveColorMode({ preference: "light", systemDark: true })).toBe("light");
    expect(resolveColorMode({ preference: "dark", systemDark: false })).toBe("dark");
    expect(resolveColorMode({ preference: "light", forced: "dark", systemDark: false })).toBe("dark");
  });
});
