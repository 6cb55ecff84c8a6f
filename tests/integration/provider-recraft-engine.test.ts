// The Recraft provider through the whole engine, with credits and storage, on each test database:
// a flat style's image is stored as its native SVG (sanitised) and the PNG rendered from it, and
// the SVG download, the ZIP and the SVG sprite carry that SVG; a style's references become one
// Recraft custom style, kept with the style and reused; an image Recraft failed with a 5xx on
// every attempt, moderated, timed out or cancelled is refunded exactly once; an unsafe SVG fails that image alone, refunded, with a
// plain message, while the set's other images are made.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { images, styles } from "#server/db/schema";
import { createRecraftProvider } from "#server/generation/providers/recraft.server";
import { startFakeRecraft, type FakeRecraft } from "../fakes/recraft-api";
import { testDatabases } from "../support/databases";
import { createStyleThroughApi, json, readZip, runJob, submitObjects } from "../support/factories";
import { setUpProviderEngine } from "../support/provider-engine";

const png = (background: string) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background } })
    .png()
    .toBuffer();

describe.each(testDatabases)("the engine with recraft on $name", (target) => {
  let fake: FakeRecraft;
  const recraft = (timeoutMs = 5_000) =>
    createRecraftProvider({ apiKey: fake.key, baseUrl: fake.url, model: "recraftv3", timeoutMs });

  beforeAll(async () => {
    fake = await startFakeRecraft();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());
  const engine = setUpProviderEngine(target, { email: "recraft@example.com", provider: () => recraft() });
  const { imagesOf, jobRow, ledgerOf, expectLedgerExact, unmade } = engine;
  const call = (path: string) => engine.server.call(path, { cookie: engine.user.cookie });

  it("keeps a flat style's image as its native SVG, serves it, and puts it in the ZIP and the SVG sprite", async () => {
    const { styleId, sampleJobId } = await createStyleThroughApi(engine.server, engine.user.cookie, {
      description: "Flat vector icons, warm amber and teal",
      references: [await png("#e76f51"), await png("#2a9d8f")],
      transparent: false,
    });
    // The references became one Recraft style, on the vector base style, kept with the style.
    expect(fake.callsTo("/v1/styles")).toHaveLength(1);
    expect(fake.callsTo("/v1/styles")[0]!.files.file).toHaveLength(2);
    const [style] = await engine.database.db.select().from(styles).where(eq(styles.id, styleId));
    const kept = Object.values(style!.providerStyles);
    expect(kept).toHaveLength(1);
    expect(fake.callsTo("/v1/images/generations").every((c) => c.fields.style_id === kept[0])).toBe(true);
    expect((await imagesOf(sampleJobId)).every((image) => image.svgKey)).toBe(true);

    const set = await submitObjects(engine.server, engine.user.cookie, {
      styleId,
      subjects: ["a lantern"],
      transparent: false,
    });
    expect(await runJob(engine.server, set.job.id)).toMatchObject({ status: "succeeded", imagesMade: 1 });
    // Made once: the set drew in the style kept, without making another.
    expect(fake.callsTo("/v1/styles")).toHaveLength(1);
    const [image] = await imagesOf(set.job.id);
    expect(image).toMatchObject({ provider: "recraft", format: "png", width: 1024, height: 1024 });
    expect(image!.svgKey).toBe(`${image!.fileKey}.original.svg`);

    const original = await (await call(`/api/images/${image!.id}/svg`)).text();
    expect(original).toMatch(/^<svg[^>]*viewBox="0 0 1024 1024"/);
    expect(original).not.toMatch(/metadata|data-layer/);
    const single = await (await call(`/api/images/${image!.id}/svg?singleColour=true`)).text();
    expect(single).toContain('fill="currentColor"');
    const { object: detail } = await json<{ object: { images: { id: string; vector: boolean }[] } }>(
      await call(`/api/objects/${set.objects[0]!.id}`),
    );
    expect(detail.images.find((shown) => shown.id === image!.id)?.vector).toBe(true);

    const zip = await readZip(
      Buffer.from(await (await call(`/api/objects/export.zip?setId=${set.job.id}`)).arrayBuffer()),
    );
    const svgEntry = zip.find((entry) => entry.name.endsWith(".svg"));
    expect(svgEntry).toBeDefined();
    expect(svgEntry!.data.toString()).toBe(original);
    const sprite = await (await call(`/api/objects/svg-sprite.svg?ids=${set.objects[0]!.id}`)).text();
    expect(sprite).toContain('<symbol id="a-lantern" viewBox="0 0 1024 1024"');
  });

  it("keeps no SVG for a style that is not flat, and offers none", async () => {
    const { styleId } = await createStyleThroughApi(engine.server, engine.user.cookie, {
      description: "Soft watercolour paintings",
      transparent: false,
    });
    const set = await submitObjects(engine.server, engine.user.cookie, {
      styleId,
      subjects: ["a pear"],
      transparent: false,
    });
    await runJob(engine.server, set.job.id);
    const [image] = await imagesOf(set.job.id);
    expect(image!.svgKey).toBeNull();
    expect((await call(`/api/images/${image!.id}/svg`)).status).toBe(409);
    expect(fake.callsTo("/v1/styles")).toHaveLength(0);
  });

  it("refunds an image Recraft failed with a 5xx on every attempt, once", async () => {
    fake.control.failAlways = "server_error";
    const row = await unmade((id) => runJob(engine.server, id));
    expect(row.status).toBe("failed");
    expect(fake.callsTo("/v1/images/generations")).toHaveLength(2);
  });

  it("refunds an image Recraft moderated, once, even when the job is run again", async () => {
    fake.control.failAlways = "moderated";
    const row = await unmade((id) => runJob(engine.server, id));
    expect(row.error).toMatch(/content policy/);
    // A refusal is not worth another try.
    expect(fake.callsTo("/v1/images/generations")).toHaveLength(1);
  });

  it("refunds an image that timed out, once", async () => {
    fake.control.stall = "call";
    const row = await unmade(async (id) => {
      await runJob(engine.server, id, recraft(300));
      fake.control.stall = null;
    });
    expect(row.status).toBe("failed");
    expect(fake.callsTo("/v1/images/generations")).toHaveLength(2);
  });

  it("refunds an image cancelled while Recraft drew it, once, closing the request (Recraft has no cancel)", async () => {
    fake.control.stall = "call";
    const row = await unmade(async (id) => {
      const running = runJob(engine.server, id);
      await expect.poll(() => fake.stalls.started, { timeout: 5_000 }).toBe(1);
      const cancel = await engine.server.call(`/api/jobs/${id}/cancel`, { method: "POST", cookie: engine.user.cookie });
      expect(cancel.status).toBe(200);
      await running;
      fake.control.stall = null;
    });
    expect(row.status).toBe("canceled");
    await expect.poll(() => fake.stalls.abandoned).toBe(1);
    expect(fake.callsTo("/v1/images/generations")).toHaveLength(1);
  });

  it("fails an image drawn in another shape than asked, refunded once, saying what came back", async () => {
    fake.control.wrongShape = 1;
    const row = await unmade((id) => runJob(engine.server, id));
    expect(row.error).toMatch(
      /The image service returned a 2048 × 1024 image where a square one \(1024 × 1024\) was asked\.$/,
    );
    expect(fake.callsTo("/v1/images/generations")).toHaveLength(1);
  });

  it("fails only the image whose SVG holds a script: refunded once, said plainly, the other made", async () => {
    const { styleId } = await createStyleThroughApi(engine.server, engine.user.cookie, { transparent: false });
    fake.reset();
    fake.control.result = "svg_script";
    fake.control.resultTimes = 1;
    const before = await engine.balance();
    const set = await submitObjects(engine.server, engine.user.cookie, {
      styleId,
      subjects: ["a key", "a map"],
      transparent: false,
    });
    const ended = await runJob(engine.server, set.job.id);
    expect(ended).toMatchObject({ imagesMade: 1 });
    const row = await jobRow(set.job.id);
    expect(row.error).toMatch(/1 of 2 images could not be made and 3 credits were refunded/);
    expect(row.error).toMatch(/SVG holding a script: it was not kept\./);
    expect(await ledgerOf(set.job.id)).toEqual([
      { delta: -6, reason: "generation_reserve" },
      { delta: 3, reason: "generation_refund" },
    ]);
    expect(await engine.balance()).toBe(before - 3);
    await expectLedgerExact();
    const stored = await imagesOf(set.job.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.subject).toBe("a map");
    const files = await Promise.all(stored.map((image) => engine.server.services.storage.read(image.svgKey!)));
    expect(files.every((file) => file && !file.toString().includes("<script"))).toBe(true);
    expect(await engine.database.db.select().from(images).where(eq(images.jobId, set.job.id))).toHaveLength(1);
  });
});
