import { describe, expect, it } from "vitest";
import { compactRouterManifest } from "./compact-manifest.server";

const manifest = { entry: { module: "/assets/entry.js", imports: ["/assets/a.js"] }, routes: { root: { id: "root" } } };
const page = (json: string) =>
  `<html><title>Café · Motif</title><script type="module">import("x");\n  window.__reactRouterManifest = ${json};\n  window.__reactRouterRouteModules = {};</script></html>`;

describe("compactRouterManifest", () => {
  it("writes the manifest on one line and keeps the rest of the document", () => {
    const compact = compactRouterManifest(Buffer.from(page(JSON.stringify(manifest, null, 2)))).toString();
    expect(compact).toBe(page(JSON.stringify(manifest)));
  });

  it("writes into the document's own bytes rather than a second copy of them", () => {
    const html = Buffer.from(page(JSON.stringify(manifest, null, 2)));
    const compact = compactRouterManifest(html);
    expect(compact.buffer).toBe(html.buffer);
    expect(compact.byteOffset).toBe(html.byteOffset);
    expect(compact.length).toBe(Buffer.byteLength(page(JSON.stringify(manifest))));
  });

  it("keeps characters outside ASCII and escapes as they were meant", () => {
    const named = { routes: { root: { id: "root", title: "Café “x” </script" } } };
    const compact = compactRouterManifest(Buffer.from(page(JSON.stringify(named, null, 2)))).toString();
    expect(compact).toBe(page(JSON.stringify(named)));
  });

  it("leaves a document without a manifest, or with one it cannot read, alone", () => {
    const plain = Buffer.from("<html><body>Hello</body></html>");
    expect(compactRouterManifest(plain)).toBe(plain);
    const broken = Buffer.from(page("{ not json"));
    expect(compactRouterManifest(broken)).toBe(broken);
  });

  it("gives the same bytes for a manifest it has seen, and a new manifest its own", () => {
    const first = compactRouterManifest(Buffer.from(page(JSON.stringify(manifest, null, 2)))).toString();
    expect(compactRouterManifest(Buffer.from(page(JSON.stringify(manifest, null, 2)))).toString()).toBe(first);
    const other = { ...manifest, routes: { root: { id: "root" }, "routes/app": { id: "routes/app" } } };
    const compact = compactRouterManifest(Buffer.from(page(JSON.stringify(other, null, 2)))).toString();
    expect(compact).toBe(page(JSON.stringify(other)));
  });
});
