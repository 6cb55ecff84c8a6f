import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { runGenerationJob } from "#server/generation/run-job.server";
import { testDatabases } from "../support/databases";
import { grantCredits, insertStyle } from "../support/factories";
import { signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

describe("styles API", () => {
  let database: DatabaseHandle;
  let server: ApiTestServer;
  const cookies: Record<string, string> = {};

  const signIn = async (email: string) => (await signInThroughApi(server, email)).cookie;

  async function createStyle(cookie: string, fields: Record<string, string>, files: Buffer[] = [], key?: string) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    files.forEach((file, i) => form.append("references", new Blob([new Uint8Array(file)]), `ref-${i}.png`));
    return server.call("/api/styles", {
      method: "POST",
      body: form,
      cookie,
      headers: key ? { "Idempotency-Key": key } : {},
    });
  }

  beforeAll(async () => {
    database = await testDatabases[0]!.open();
    server = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "1000", MAX_UPLOAD_MB: "0.2" });
    cookies.ann = await signIn("ann@example.com");
    cookies.bob = await signIn("bob@example.com");
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it("validates fields with clear messages and charges nothing", async () => {
    const response = await createStyle(cookies.ann!, { name: "", description: "x" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields: { path: string; message: string }[] } };
    expect(body.error.fields.map((f) => f.message)).toEqual([
      "Give the style a name.",
      "Describe the style in a few words.",
    ]);
    const me = (await (await server.call("/api/users/me", { cookie: cookies.ann })).json()) as {
      user: { credits: number };
    };
    expect(me.user.credits).toBe(100);
  });

  it("refuses more than five references and oversized files", async () => {
    const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    const six = await createStyle(cookies.ann!, { name: "Six", description: "Too many" }, Array(6).fill(small));
    expect(six.status).toBe(400);
    expect(((await six.json()) as { error: { message: string } }).error.message).toBe(
      "Add at most 5 reference images.",
    );
    const noisy = await sharp({
      create: {
        width: 600,
        height: 600,
        channels: 3,
        background: "#000",
        noise: { type: "gaussian", mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    const big = await createStyle(cookies.ann!, { name: "Big", description: "Too large" }, [noisy]);
    expect(big.status).toBe(400);
    expect(((await big.json()) as { error: { message: string } }).error.message).toContain("at most");
  });

  it("strips metadata by re-encoding references", async () => {
    const withExif = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#2a9d8f" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "secret-owner", Artist: "someone" } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const response = await createStyle(
      cookies.ann!,
      { name: "Exif", description: "From a photo", defaultDetail: "draft" },
      [withExif],
    );
    expect(response.status).toBe(201);
    const list = (await (await server.call("/api/styles", { cookie: cookies.ann })).json()) as {
      styles: { name: string; references: { url: string }[] }[];
    };
    const reference = list.styles.find((s) => s.name === "Exif")!.references[0]!;
    const file = Buffer.from(await (await server.call(reference.url, { cookie: cookies.ann })).arrayBuffer());
    const meta = await sharp(file).metadata();
    expect(meta.format).toBe("png");
    expect(meta.exif).toBeUndefined();
    expect(file.includes(Buffer.from("secret-owner"))).toBe(false);
  });

  it("keeps every style, image and file to its owner", async () => {
    const created = await createStyle(cookies.ann!, {
      name: "Private",
      description: "Mine only",
      defaultDetail: "draft",
    });
    const { style, job } = (await created.json()) as { style: { id: string }; job: { id: string } };
    await runGenerationJob(
      { db: database.db, storage: server.services.storage, providers: server.services.providers, maxAttempts: 1 },
      job.id,
    );
    const list = (await (await server.call("/api/styles", { cookie: cookies.ann })).json()) as {
      styles: { id: string; anchors: { url: string }[] }[];
    };
    const anchorUrl = list.styles.find((s) => s.id === style.id)!.anchors[0]!.url;
    const own = await server.call(anchorUrl, { cookie: cookies.ann });
    expect(own.status).toBe(200);
    expect(own.headers.get("etag")).toBeTruthy();
    expect(
      (await server.call(anchorUrl, { cookie: cookies.ann, headers: { "If-None-Match": own.headers.get("etag")! } }))
        .status,
    ).toBe(304);

    expect((await server.call(anchorUrl, { cookie: cookies.bob })).status).toBe(404);
    const bobs = (await (await server.call("/api/styles", { cookie: cookies.bob })).json()) as { styles: unknown[] };
    expect(bobs.styles).toHaveLength(0);
    expect(
      (await server.call(`/api/styles/${style.id}`, { method: "PATCH", cookie: cookies.bob, json: { name: "Taken" } }))
        .status,
    ).toBe(404);
    expect((await server.call(`/api/styles/${style.id}`, { method: "DELETE", cookie: cookies.bob })).status).toBe(404);
    expect((await server.call(anchorUrl, { cookie: cookies.ann })).status).toBe(200);

    // One style reads as the list shows it, to its owner only.
    const one = await server.call(`/api/styles/${style.id}`, { cookie: cookies.ann });
    expect(one.status).toBe(200);
    const read = (await one.json()) as { style: { id: string; name: string; anchors: { url: string }[] } };
    expect(read.style).toEqual(list.styles.find((s) => s.id === style.id));
    expect(read.style.name).toBe("Private");
    expect((await server.call(`/api/styles/${style.id}`, { cookie: cookies.bob })).status).toBe(404);
    expect((await server.call("/api/styles/no-such-style", { cookie: cookies.ann })).status).toBe(404);
  });

  it("pages the style list newest first, and refuses a cursor it did not make", async () => {
    const cookie = await signIn("pages@example.com");
    const me = (await (await server.call("/api/users/me", { cookie })).json()) as { user: { uid: string } };
    const made = [];
    // A second apart: styles made within the clock's resolution would tie, and a tie goes by id.
    const start = Date.now() - 60_000;
    for (const [i, name] of ["First", "Second", "Third"].entries())
      made.push(await insertStyle(database.db, { ownerId: me.user.uid, name, createdAt: new Date(start + i * 1000) }));
    type Page = { styles: { id: string; name: string }[]; nextCursor: string | null };
    const first = (await (await server.call("/api/styles?limit=2", { cookie })).json()) as Page;
    expect(first.styles.map((s) => s.name)).toEqual(["Third", "Second"]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await (
      await server.call(`/api/styles?limit=2&cursor=${first.nextCursor}`, { cookie })
    ).json()) as Page;
    expect(second.styles.map((s) => s.name)).toEqual(["First"]);
    expect(second.nextCursor).toBeNull();
    const whole = (await (await server.call("/api/styles", { cookie })).json()) as Page;
    expect(whole.styles.map((s) => s.id)).toEqual([...made].reverse());
    for (const cursor of ["garbage", Buffer.from(JSON.stringify(["newest", "x", "y"])).toString("base64url")]) {
      const refused = await server.call(`/api/styles?cursor=${cursor}`, { cookie });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
        "The cursor is not valid: start again without it.",
      );
    }
  });

  it("deleting the account deletes the files too", async () => {
    const cookie = await signIn("carol@example.com");
    const created = await createStyle(cookie, { name: "Doomed", description: "Short life", defaultDetail: "draft" });
    const { job } = (await created.json()) as { job: { id: string } };
    await runGenerationJob(
      { db: database.db, storage: server.services.storage, providers: server.services.providers, maxAttempts: 1 },
      job.id,
    );
    const me = (await (await server.call("/api/users/me", { cookie })).json()) as { user: { uid: string } };
    const list = (await (await server.call("/api/styles", { cookie })).json()) as { styles: { id: string }[] };
    const key = `users/${me.user.uid}/styles/${list.styles[0]!.id}/${job.id}-0-r1.png`;
    expect(await server.services.storage.read(key)).not.toBeNull();
    expect((await server.call("/api/users/user", { method: "DELETE", cookie })).status).toBe(200);
    expect(await server.services.storage.read(key)).toBeNull();
  });

  it("says how much more is needed when the balance is short", async () => {
    const dave = await signInThroughApi(server, "dave@example.com");
    await grantCredits(database.db, dave.userId, -60);
    const response = await createStyle(dave.cookie, {
      name: "Pricey",
      description: "High detail",
      defaultDetail: "high",
      defaultSize: "portrait",
    });
    expect(response.status).toBe(402);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      "Not enough credits: This needs 48 credits and your balance is 40. You were not charged.",
    );
  });
});
