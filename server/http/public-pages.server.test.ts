import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { publicPageCache } from "./public-pages.server";

describe("public page cache", () => {
  let server: Server;
  let base: string;
  const renders: { path: string; cookie: string | undefined }[] = [];
  let cache: ReturnType<typeof publicPageCache>;

  beforeAll(async () => {
    const app = express();
    cache = publicPageCache({
      paths: { "/": { ignoreQuery: false }, "/verify": { ignoreQuery: true }, "/moved": { ignoreQuery: false } },
      personalCookies: ["session"],
      variantCookie: "mode",
      maxAgeMs: 60_000,
      async render(path, cookie) {
        renders.push({ path, cookie });
        if (path === "/moved") return new Response(null, { status: 302, headers: { Location: "/" } });
        return new Response(`<html>${path} ${cookie ?? "no-mode"}</html>`, { status: 200 });
      },
    });
    app.use(cache);
    app.use((req, res) => void res.send(`rendered per request: ${req.path}`));
    server = await new Promise((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("renders a page once and sends it precompressed with a validator", async () => {
    const before = renders.length;
    const [plain, gzip, br] = await Promise.all([
      fetch(base, { headers: { "Accept-Encoding": "identity" } }),
      fetch(base, { headers: { "Accept-Encoding": "gzip" } }),
      fetch(base, { headers: { "Accept-Encoding": "br, gzip" } }),
    ]);
    expect(renders.length - before).toBe(1);
    expect(await plain.text()).toBe("<html>/ no-mode</html>");
    expect(plain.headers.get("cache-control")).toBe("no-cache");
    expect(plain.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(br.headers.get("content-encoding")).toBe("br");
    // fetch decodes bodies: both encodings carry the same page.
    expect(await br.text()).toBe("<html>/ no-mode</html>");
    expect(new Set([plain, gzip, br].map((r) => r.headers.get("etag"))).size).toBe(3);
    // A browser welcomes both alike and lists gzip first: it gets the smaller Brotli body.
    const browser = await fetch(base, { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
    expect(browser.headers.get("content-encoding")).toBe("br");

    const again = await fetch(base, {
      headers: { "Accept-Encoding": "gzip", "If-None-Match": gzip.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
  });

  it("renders a kept page again once it is older than its age limit", async () => {
    const renewing = { headers: { Cookie: "mode=renew" } };
    await fetch(base, renewing);
    const before = renders.length;
    await fetch(base, renewing);
    expect(renders.length).toBe(before);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61_000 });
    try {
      await fetch(base, renewing);
      expect(renders.length).toBe(before + 1);
      await fetch(base, renewing);
      expect(renders.length).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("renders every page afresh once told to forget them", async () => {
    const fresh = { headers: { Cookie: "mode=forget" } };
    await fetch(base, fresh);
    const before = renders.length;
    cache.clear();
    await fetch(base, fresh);
    expect(renders.length).toBe(before + 1);
  });

  it("sends exactly the compressed bytes it made", async () => {
    const raw = await new Promise<Buffer>((resolve, reject) => {
      import("node:http").then(({ get }) =>
        get(base, { headers: { "Accept-Encoding": "gzip" } }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve(Buffer.concat(chunks)));
        }).on("error", reject),
      );
    });
    expect(gunzipSync(raw).toString()).toBe("<html>/ no-mode</html>");
  });

  it("keeps one page per colour mode, and renders a signed-in visitor's page as usual", async () => {
    expect(await (await fetch(base, { headers: { Cookie: "mode=dark" } })).text()).toBe("<html>/ mode=dark</html>");
    expect(await (await fetch(base, { headers: { Cookie: "session=abc; mode=dark" } })).text()).toBe(
      "rendered per request: /",
    );
  });

  it("renders a page with a query as usual unless the query only matters in the browser", async () => {
    expect(await (await fetch(`${base}/?redirectTo=/app`)).text()).toBe("rendered per request: /");
    expect(await (await fetch(`${base}/verify?token=t1`)).text()).toBe("<html>/verify no-mode</html>");
    expect(await (await fetch(`${base}/verify?token=t2`)).text()).toBe("<html>/verify no-mode</html>");
    expect(renders.filter((r) => r.path === "/verify")).toHaveLength(1);
  });

  it("leaves a redirect to the usual path", async () => {
    expect(await (await fetch(`${base}/moved`, { redirect: "manual" })).text()).toBe("rendered per request: /moved");
  });
});
