import { describe, expect, it } from "vitest";
import { ExternalNavigationError, resolveNavigation, safeRedirectPath } from "./navigation";

const origin = "https://motif.example";

describe("resolveNavigation", () => {
  it("passes local paths through with query and hash", () => {
    expect(resolveNavigation("/app/object/1?x=2#top", { origin })).toEqual({
      external: false,
      path: "/app/object/1?x=2#top",
    });
    expect(resolveNavigation("settings", { origin: `${origin}/app/` })).toEqual({
      external: false,
      path: "/app/settings",
    });
    expect(resolveNavigation(`${origin}/terms`, { origin })).toEqual({ external: false, path: "/terms" });
  });

  it.each([
    "https://evil.example/",
    "//evil.example/x",
    "/\\evil.example",
    "\\\\evil.example",
    "/.//evil.example",
    "/a/..//evil.example",
    "/%2e//evil.example",
    "javascript:alert(1)",
    "http://motif.example/",
  ])("refuses %s without the external flag", (to) => {
    expect(() => resolveNavigation(to, { origin })).toThrow(ExternalNavigationError);
  });

  it("allows http(s) external addresses with the flag", () => {
    expect(resolveNavigation("https://docs.example/a", { origin, external: true })).toEqual({
      external: true,
      url: "https://docs.example/a",
    });
  });

  it("refuses non-web schemes even with the flag", () => {
    expect(() => resolveNavigation("javascript:alert(1)", { origin, external: true })).toThrow(ExternalNavigationError);
    expect(() => resolveNavigation("data:text/html,hi", { origin, external: true })).toThrow(ExternalNavigationError);
  });
});

describe("safeRedirectPath", () => {
  it("keeps local paths and falls back for anything else", () => {
    expect(safeRedirectPath("/app/style?x=1")).toBe("/app/style?x=1");
    expect(safeRedirectPath("https://evil.example/app")).toBe("/app");
    expect(safeRedirectPath("//evil.example")).toBe("/app");
    expect(safeRedirectPath("/.//evil.example")).toBe("/app");
    expect(safeRedirectPath(null)).toBe("/app");
    expect(safeRedirectPath("", "/")).toBe("/");
  });

  it.each([
    "//evil.example",
    "///evil.example",
    "https://evil.example/app",
    "HTTPS://evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "\t//evil.example",
    " //evil.example",
    "/.//evil.example",
    "/%2e//evil.example",
    "javascript:alert(1)",
    "data:text/html,hi",
    "mailto:a@example.com",
  ])("refuses the sign-in redirect %j", (to) => {
    expect(safeRedirectPath(to)).toBe("/app");
  });

  it("keeps a path's query and hash, and reads relative forms as paths on this site", () => {
    expect(safeRedirectPath("/app/object?sort=name#top")).toBe("/app/object?sort=name#top");
    expect(safeRedirectPath("/app/../app/settings")).toBe("/app/settings");
    expect(safeRedirectPath("app/settings")).toBe("/app/settings");
  });
});
