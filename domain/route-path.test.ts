import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { knownRoutePaths, normalizeRoutePath } from "./route-path";

describe("normalizeRoutePath", () => {
  it("replaces parameter values with their names", () => {
    expect(normalizeRoutePath("/app/object/abc123", { objectId: "abc123" })).toBe("/app/object/:objectId");
    expect(normalizeRoutePath("/app/object/a%20b", { objectId: "a b" })).toBe("/app/object/:objectId");
  });

  it("leaves static paths alone", () => {
    expect(normalizeRoutePath("/", {})).toBe("/");
    expect(normalizeRoutePath("/app/settings", {})).toBe("/app/settings");
  });

  it("collapses a catch-all into *", () => {
    expect(normalizeRoutePath("/no/such/page", { "*": "no/such/page" })).toBe("/*");
  });

  it("does not replace a static segment that happens to equal no parameter", () => {
    expect(normalizeRoutePath("/app/object/object", { objectId: "other" })).toBe("/app/object/object");
  });
});

describe("knownRoutePaths", () => {
  it("lists every path in the route table", () => {
    const table = readFileSync(new URL("../app/routes.ts", import.meta.url), "utf8");
    const paths = [...table.matchAll(/route\("([^"]+)"/g)].map((m) => `/${m[1]!.replace(/^\*$/, "*")}`);
    for (const path of [...paths, "/"]) expect(knownRoutePaths).toContain(path);
  });
});
