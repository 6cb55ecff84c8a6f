import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { renderKey } from "./rendered-pages.server";

const get = (url = "http://localhost/app") => new Request(url);

function context(loaderData: Record<string, unknown>, extra: Record<string, unknown> = {}): EntryContext {
  return {
    staticHandlerContext: {
      loaderData,
      actionData: null,
      errors: null,
      matches: [{ route: { id: "root" } }, { route: { id: "routes/app/index" } }],
      ...extra,
    },
  } as unknown as EntryContext;
}

describe("a rendered page's key", () => {
  const data = { root: { colourMode: "dark" }, "routes/app/index": { user: { id: "u1" }, styles: [{ name: "Ink" }] } };

  it("is the same for the same address, routes and data, and changes when any of them does", () => {
    const key = renderKey(get(), 200, context(data));
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(renderKey(get(), 200, context(structuredClone(data)))).toBe(key);
    expect(renderKey(get("http://localhost/app?style=s1"), 200, context(data))).not.toBe(key);
    const renamed = structuredClone(data);
    renamed["routes/app/index"].styles[0]!.name = "Ink 2";
    expect(renderKey(get(), 200, context(renamed))).not.toBe(key);
    const someoneElse = structuredClone(data);
    someoneElse["routes/app/index"].user.id = "u2";
    expect(renderKey(get(), 200, context(someoneElse))).not.toBe(key);
    const otherRoutes = context(data, { matches: [{ route: { id: "root" } }, { route: { id: "routes/app/style" } }] });
    expect(renderKey(get(), 200, otherRoutes)).not.toBe(key);
  });

  it("is absent for what must be rendered each time: errors, actions, other statuses and methods, data still coming", () => {
    expect(renderKey(get(), 404, context(data))).toBeNull();
    expect(renderKey(new Request("http://localhost/app", { method: "POST" }), 200, context(data))).toBeNull();
    expect(renderKey(get(), 200, context(data, { errors: { root: new Error("x") } }))).toBeNull();
    expect(renderKey(get(), 200, context(data, { actionData: { "routes/app/index": { ok: true } } }))).toBeNull();
    expect(renderKey(get(), 200, context({ root: { later: Promise.resolve(1) } }))).toBeNull();
    expect(renderKey(get(), 200, context({ root: { tags: new Set(["a"]) } }))).toBeNull();
    expect(renderKey(get(), 200, context({ root: { format: () => "x" } }))).toBeNull();
    expect(renderKey(get(), 200, context({ root: { items: [{ id: 1 }, { tags: new Map() }] } }))).toBeNull();
  });

  it("keys data that JSON writes in full: dates as their time, objects without a prototype", () => {
    const at = (time: string) =>
      context({ root: { at: new Date(time), bare: Object.assign(Object.create(null), { a: 1 }) } });
    const key = renderKey(get(), 200, at("2026-11-30T00:00:00Z"));
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(renderKey(get(), 200, at("2026-11-30T00:00:00Z"))).toBe(key);
    expect(renderKey(get(), 200, at("2026-12-01T00:00:00Z"))).not.toBe(key);
  });
});
