// A model that cannot be reached is named at start, marked for users, and refused before
// any credit moves; it comes back by itself (a recheck every minute) or by the operator's
// Test connection.
import { eq } from "drizzle-orm";
import { pino } from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ModelsView } from "#domain/models";
import type { SetupStatus } from "#domain/setup";
import { generationJobs, styles } from "#server/db/schema";
import { createOfflineProvider } from "#server/generation/providers/offline.server";
import { createOpenAIProvider } from "#server/generation/providers/openai.server";
import type { ImageProvider } from "#server/generation/providers/provider";
import { providerRegistry } from "#server/generation/providers/registry.server";
import { watchProviderConnections } from "#server/setup/provider-watch.server";
import { startFakeOpenAI } from "../fakes/openai-images";
import { testDatabases } from "../support/databases";
import { freeLoopbackPort } from "../support/free-port";
import { balanceOf, insertStyle, json, ledgerSum } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { noQueue } from "../support/test-server";

const openaiAt = (baseUrl: string) =>
  createOpenAIProvider({ apiKey: "sk-test", baseUrl: `${baseUrl}/v1`, model: "gpt-image-1.5", timeoutMs: 3_000 });

describe.each(testDatabases)("a model that cannot be reached, on $name", (target) => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
  let deadUrl: string;
  /** Where the OpenAI model's checks go: the refused port until a test points it at the fake. */
  let checked: ImageProvider;
  /** The OpenAI model on offer: its checks follow `checked`. */
  let openai: ImageProvider;
  const logged: { level: number; msg: string }[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void logged.push(JSON.parse(line)) });

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    deadUrl = `http://127.0.0.1:${await freeLoopbackPort()}`;
    checked = openaiAt(deadUrl);
    const real = openaiAt(fake.url);
    openai = { ...real, checkConnection: (signal) => checked.checkConnection!(signal) };
  });
  afterAll(() => fake?.close());

  const api = setUpSignedInApi(
    target,
    "unreachable@example.com",
    { providers: () => providerRegistry([createOfflineProvider(), openai]), queue: noQueue },
    () => ({ IMAGE_PROVIDERS: "offline,openai", OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: `${deadUrl}/v1` }),
  );
  const models = async () =>
    (await json<{ models: ModelsView }>(await api.server.call("/api/styles", { cookie: api.user.cookie }))).models;
  const reachability = async () => Object.fromEntries((await models()).models.map((m) => [m.id, m.reachable]));
  const watch = (recheckMs = 60_000) =>
    watchProviderConnections(
      { config: api.server.config, providers: api.server.services.providers, database: api.database, logger },
      { recheckMs },
    );

  it("at start, is named in the log with the address it tried, and marked for users", async () => {
    const watcher = watch();
    await watcher.started;
    watcher.stop();
    const warning = logged.find((line) => line.level === 40)!;
    const host = new URL(deadUrl).host;
    expect(warning.msg).toContain(`OpenAI Images API at ${host} (OPENAI_BASE_URL) cannot be reached:`);
    expect(warning.msg).toContain("Users see OpenAI gpt-image-1.5 as not reachable until a check succeeds.");
    expect(await reachability()).toEqual({ offline: true, openai: false });
  });

  it("refuses a set on it with 409 before any credit moves; the preview engine still works", async () => {
    const { db } = api.database;
    const before = await balanceOf(db, api.user.userId);
    const styleId = await insertStyle(db, { ownerId: api.user.userId });
    const refused = await api.server.call("/api/objects", {
      method: "POST",
      cookie: api.user.cookie,
      json: { styleId, subjects: ["lantern"], size: "square", detail: "draft", transparent: true, model: "openai" },
    });
    expect(refused.status).toBe(409);
    const { error } = await json<{ error: { message: string; details: { field: string; reason: string } } }>(refused);
    expect(error.message).toBe(
      "OpenAI gpt-image-1.5 is not reachable right now — ask your operator. Nothing was charged.",
    );
    expect(error.details.field).toBe("model");
    expect(await balanceOf(db, api.user.userId)).toBe(before);
    expect(await ledgerSum(db, api.user.userId)).toBe(before);
    expect(await db.select().from(generationJobs).where(eq(generationJobs.provider, "openai"))).toEqual([]);

    const accepted = await api.server.call("/api/objects", {
      method: "POST",
      cookie: api.user.cookie,
      json: { styleId, subjects: ["lantern"], size: "square", detail: "draft", transparent: true },
    });
    expect(accepted.status).toBe(202);
  });

  it("refuses a new style made with it, leaving no style and no reference file behind", async () => {
    const { db } = api.database;
    const before = await balanceOf(db, api.user.userId);
    const stylesBefore = await db.select({ id: styles.id }).from(styles);
    const form = new FormData();
    form.set("name", "Unreachable");
    form.set("description", "Flat icons");
    form.set("defaultModel", "openai");
    const reference = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#f80" } })
      .png()
      .toBuffer();
    form.append("references", new Blob([new Uint8Array(reference)]), "ref.png");
    const refused = await api.server.call("/api/styles", { method: "POST", body: form, cookie: api.user.cookie });
    expect(refused.status).toBe(409);
    expect(await db.select({ id: styles.id }).from(styles)).toEqual(stylesBefore);
    expect(api.files.filesUnder("")).toEqual([]);
    expect(await balanceOf(db, api.user.userId)).toBe(before);
  });

  it("comes back by itself: while it fails it is checked again, and answers are kept", async () => {
    const watcher = watch(50);
    await watcher.started;
    checked = openaiAt(fake.url);
    try {
      await vi.waitFor(async () => expect(await reachability()).toEqual({ offline: true, openai: true }), {
        timeout: 10_000,
      });
      expect(logged.map((line) => line.msg)).toContainEqual(expect.stringContaining("answers again"));
    } finally {
      watcher.stop();
      checked = openaiAt(deadUrl);
    }
  });

  it("follows the operator's Test connection, and the setup page shows the last check", async () => {
    const test = () =>
      api.server.call("/api/setup/test-connection", {
        method: "POST",
        cookie: api.user.cookie,
        json: { provider: "openai" },
      });
    expect((await test()).status).toBe(200);
    expect(await reachability()).toEqual({ offline: true, openai: false });
    const { status } = await json<{ status: SetupStatus }>(
      await api.server.call("/api/setup", { cookie: api.user.cookie }),
    );
    const engine = status.engines.find((e) => e.id === "openai")!;
    expect(engine.lastCheck).toMatchObject({ ok: false });
    expect(engine.lastCheck!.message).toMatch(/127\.0\.0\.1/);
    expect(status.engines.find((e) => e.id === "offline")!.lastCheck).toBeNull();

    checked = openaiAt(fake.url);
    expect((await test()).status).toBe(200);
    expect(await reachability()).toEqual({ offline: true, openai: true });
  });
});
