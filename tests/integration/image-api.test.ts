import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { runGenerationJob } from "#server/generation/run-job.server";
import { derivativeKey } from "#server/images/optimize.server";
import { optimizedImageUrl } from "#domain/image-url";
import { testDatabases } from "../support/databases";
import { signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

describe("image-optimisation endpoint", () => {
  let database: DatabaseHandle;
  let server: ApiTestServer;
  let ann: string;
  let bob: string;
  let anchor: { url: string; key: string };
  let styleId: string;

  const signIn = async (email: string) => (await signInThroughApi(server, email)).cookie;

  beforeAll(async () => {
    database = await testDatabases[0]!.open();
    server = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "1000" });
    ann = await signIn("ann@example.com");
    bob = await signIn("bob@example.com");
    const form = new FormData();
    form.set("name", "Stickers");
    form.set("description", "Die-cut stickers with a white border");
    form.set("defaultDetail", "draft");
    form.set("defaultTransparent", "true");
    const created = (await (await server.call("/api/styles", { method: "POST", body: form, cookie: ann })).json()) as {
      style: { id: string };
      job: { id: string };
    };
    styleId = created.style.id;
    await runGenerationJob(
      { db: database.db, storage: server.services.storage, providers: server.services.providers, maxAttempts: 1 },
      created.job.id,
    );
    const list = (await (await server.call("/api/styles", { cookie: ann })).json()) as {
      styles: { id: string; anchors: { id: string; url: string }[] }[];
    };
    const first = list.styles.find((s) => s.id === styleId)!.anchors[0]!;
    const me = (await (await server.call("/api/users/me", { cookie: ann })).json()) as { user: { uid: string } };
    anchor = { url: first.url, key: `users/${me.user.uid}/styles/${styleId}/${created.job.id}-0-r1.png` };
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it("serves the owner a WebP at the asked width, keeping transparency", async () => {
    const response = await server.call(optimizedImageUrl(anchor.url, 320, 80), { cookie: ann });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toContain("private");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 320, height: 320, hasAlpha: true });
    const original = await server.call(anchor.url, { cookie: ann });
    expect(Number(response.headers.get("content-length"))).toBeLessThan(Number(original.headers.get("content-length")));
  });

  it("defaults to quality 100 and never enlarges: a wider ask gets the original's size", async () => {
    const response = await server.call(optimizedImageUrl(anchor.url, 1536), { cookie: ann });
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toMatch(/-w1024-q100"$/);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta.width).toBe(1024);
    const same = await server.call(optimizedImageUrl(anchor.url, 1280), { cookie: ann });
    expect(same.headers.get("etag")).toBe(response.headers.get("etag"));
    expect(await server.services.storage.read(derivativeKey(anchor.key, { width: 1536, quality: 100 }))).toBeNull();
  });

  it("makes a copy once when many ask for it at once", async () => {
    const url = optimizedImageUrl(anchor.url, 768, 90);
    const responses = await Promise.all(Array.from({ length: 8 }, () => server.call(url, { cookie: ann })));
    const bodies = await Promise.all(responses.map(async (r) => Buffer.from(await r.arrayBuffer())));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(bodies.every((body) => body.equals(bodies[0]!))).toBe(true);
  });

  it("lets no error be cached", async () => {
    const missing = await server.call(optimizedImageUrl("/api/images/gone", 320), { cookie: ann });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-store");
  });

  it("makes each size once, keeps it beside the original, and answers 304 to a known ETag", async () => {
    const url = optimizedImageUrl(anchor.url, 640, 75);
    const first = await server.call(url, { cookie: ann });
    expect(first.status).toBe(200);
    const firstBytes = Buffer.from(await first.arrayBuffer());
    const kept = await server.services.storage.read(derivativeKey(anchor.key, { width: 640, quality: 75 }));
    expect(kept).toEqual(firstBytes);
    const again = await server.call(url, { cookie: ann });
    expect(Buffer.from(await again.arrayBuffer())).toEqual(firstBytes);
    const cached = await server.call(url, { cookie: ann, headers: { "If-None-Match": first.headers.get("etag")! } });
    expect(cached.status).toBe(304);
  });

  it("answers someone else's image exactly like a missing one", async () => {
    const url = optimizedImageUrl(anchor.url, 320);
    const other = await server.call(url, { cookie: bob });
    const missing = await server.call(optimizedImageUrl("/api/images/no-such-image", 320), { cookie: bob });
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual(await missing.json());
    expect((await server.call(url)).status).toBe(401);
  });

  it("refuses any url that is not one of our image paths, without fetching it", async () => {
    for (const url of [
      "http://127.0.0.1:5432/",
      "//example.com/a.png",
      "/api/images/../users/me",
      "/api/images/a?x=1",
      "file:///etc/passwd",
      "/api/users/me",
    ]) {
      const response = await server.call(`/api/image?url=${encodeURIComponent(url)}&w=320`, { cookie: ann });
      expect(response.status, url).toBe(400);
      const body = (await response.json()) as { error: { fields: { message: string }[] } };
      expect(body.error.fields[0]!.message).toBe("The url must be the path of one of your Motif images.");
    }
  });

  it("accepts only the spec's widths and a few qualities", async () => {
    const bad = async (query: string) => {
      const response = await server.call(`/api/image?url=${encodeURIComponent(anchor.url)}&${query}`, { cookie: ann });
      expect(response.status, query).toBe(400);
      return ((await response.json()) as { error: { fields: { message: string }[] } }).error.fields[0]!.message;
    };
    expect(await bad("w=500")).toBe("The width must be one of 320, 640, 768, 1024, 1280, 1536.");
    expect(await bad("w=320&q=0")).toBe("The quality must be one of 50, 75, 80, 90, 100.");
    expect(await bad("w=320&q=101")).toBe("The quality must be one of 50, 75, 80, 90, 100.");
    expect(await bad("w=320&q=77")).toBe("The quality must be one of 50, 75, 80, 90, 100.");
    expect(await bad("w=320.5")).toBe("The width must be one of 320, 640, 768, 1024, 1280, 1536.");
    expect(await bad("w=abc")).toBe("The width must be one of 320, 640, 768, 1024, 1280, 1536.");
    // Authentication first: without a session or a signature, a bad width is a 401, not a 400.
    const anonymous = await server.call(`/api/image?url=${encodeURIComponent(anchor.url)}&w=500`);
    expect(anonymous.status).toBe(401);
  });

  it("deleting the style deletes its optimised copies", async () => {
    await server.call(optimizedImageUrl(anchor.url, 768), { cookie: ann });
    const key = derivativeKey(anchor.key, { width: 768, quality: 100 });
    expect(await server.services.storage.read(key)).not.toBeNull();
    expect((await server.call(`/api/styles/${styleId}`, { method: "DELETE", cookie: ann })).ok).toBe(true);
    expect(await server.services.storage.read(key)).toBeNull();
    expect((await server.call(optimizedImageUrl(anchor.url, 768), { cookie: ann })).status).toBe(404);
  });
});
