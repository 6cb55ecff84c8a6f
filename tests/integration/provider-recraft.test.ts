// The Recraft provider against a local Recraft speaking its v1 API: generations in its raster
// and vector models (a vector's SVG kept, sanitised, with the PNG rendered from it at the asked
// size), the palette as colour controls, custom styles, background removal and vectorising for
// transparent images, image-to-image, inpainting with a grey mask, the upscaler, errors in
// Recraft's shapes, unsafe or broken results, deadlines and the connection check. The engine with
// credits, storage and exports is in provider-recraft-engine.test.ts.
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ProviderError,
  ProviderRefusalError,
  ProviderRetryableError,
  ProviderTimeoutError,
} from "#server/generation/providers/provider";
import { createRecraftProvider, type RecraftProviderOptions } from "#server/generation/providers/recraft.server";
import { startFakeRecraft, type FakeRecraft } from "../fakes/recraft-api";
import { baseRequest } from "../support/provider-request";

const png = (background: string, width = 96, height = width) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
const meta = async (data: Buffer) => {
  const m = await sharp(data).metadata();
  return [m.format, m.width, m.height];
};
const failure = (promise: Promise<unknown>) => promise.catch((e: unknown) => e);

describe("recraft provider against a local Recraft", () => {
  let fake: FakeRecraft;
  const provider = (overrides: Partial<RecraftProviderOptions> = {}) =>
    createRecraftProvider({
      apiKey: fake.key,
      baseUrl: fake.url,
      model: "recraftv3",
      timeoutMs: 5_000,
      ...overrides,
    });

  beforeAll(async () => {
    fake = await startFakeRecraft();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  it("draws a style without a flat look in the raster model, with the palette as colour controls", async () => {
    const result = await provider().generate({ ...baseRequest, size: "landscape", look: null });
    const [call] = fake.callsTo("/v1/images/generations");
    expect(call!.authorization).toBe(`Bearer ${fake.key}`);
    expect(call!.fields).toMatchObject({
      prompt: baseRequest.prompt,
      model: "recraftv3",
      size: "3:2",
      n: 1,
      response_format: "url",
      controls: { colors: [{ rgb: [244, 162, 60] }, { rgb: [42, 157, 143] }] },
      vector: false,
    });
    expect(call!.fields.style).toBeUndefined();
    const [image] = result.images;
    expect(image!.svg).toBeUndefined();
    expect(await meta(image!.data)).toEqual(["png", 1536, 1024]);
    // The link is its own permission: downloaded without the token.
    expect(fake.downloads).toHaveLength(1);
    expect(fake.downloads[0]!.authorization).toBeUndefined();
  });

  it("draws an icon style as SVG in the vector model: the SVG sanitised, the PNG rendered from it at the asked size", async () => {
    const result = await provider().generate({ ...baseRequest, size: "portrait", look: "icon" });
    const [call] = fake.callsTo("/v1/images/generations");
    expect(call!.fields).toMatchObject({ model: "recraftv3_vector", style: "vector_illustration", vector: true });
    const [image] = result.images;
    expect(image!.svg).toMatch(/^<svg[^>]*viewBox="0 0 1024 1536"/);
    // What is not shape or paint is gone: the generator's comment, metadata, unknown attributes.
    expect(image!.svg).not.toMatch(/<metadata|Generator|data-layer|<\?xml/);
    expect(await meta(image!.data)).toEqual(["png", 1024, 1536]);
    // Rendered, not invented: the subject's colour (the palette's first) is in the middle of the PNG.
    const { data } = await sharp(image!.data).raw().toBuffer({ resolveWithObject: true });
    const middle = (768 * 1024 + 512) * 4;
    expect([data[middle], data[middle + 1], data[middle + 2]]).toEqual([244, 162, 60]);
  });

  it("asks for line art's substyle and pixel art's, on models that take styles; none on V4", async () => {
    await provider().generate({ ...baseRequest, look: "line" });
    await provider().generate({ ...baseRequest, look: "pixel" });
    await provider({ model: "recraftv4" }).generate({ ...baseRequest, look: "icon" });
    const calls = fake.callsTo("/v1/images/generations").map((call) => call.fields);
    expect(calls[0]).toMatchObject({ model: "recraftv3_vector", style: "vector_illustration", substyle: "line_art" });
    expect(calls[1]).toMatchObject({ model: "recraftv3", style: "digital_illustration", substyle: "pixel_art" });
    expect(calls[2]).toMatchObject({ model: "recraftv4_vector", vector: true });
    expect(calls[2]!.style).toBeUndefined();
  });

  it("draws SVGs as the operator says: every style, or none", async () => {
    const always = await provider({ vector: "always" }).generate({ ...baseRequest, look: null });
    const never = await provider({ vector: "never" }).generate({ ...baseRequest, look: "icon" });
    expect(always.images[0]!.svg).toBeDefined();
    expect(never.images[0]!.svg).toBeUndefined();
  });

  it("makes a custom style from references once, then draws in it by its id", async () => {
    const recraft = provider();
    expect(recraft.capabilities.customStyle).toBeDefined();
    const references = [
      { data: await png("#ff0000", 2000), mimeType: "image/png" as const },
      { data: await png("#00ff00"), mimeType: "image/png" as const },
    ];
    const id = await recraft.createStyle!({ references, look: "icon" });
    const [made] = fake.callsTo("/v1/styles");
    expect(made!.fields).toEqual({ style: "vector_illustration" });
    // Both pictures, in order, the large one made small enough to go with the others.
    expect(made!.files.file!.map((file) => [file.width, file.height])).toEqual([
      [768, 768],
      [96, 96],
    ]);
    expect(fake.styles.get(id)).toEqual({ style: "vector_illustration", files: 2 });
    await recraft.generate({ ...baseRequest, look: "icon", providerStyle: id });
    const [call] = fake.callsTo("/v1/images/generations");
    expect(call!.fields).toMatchObject({ style_id: id, vector: true });
    expect(call!.fields.style).toBeUndefined();
    // V4 chooses its own look: it offers no custom styles.
    expect(provider({ model: "recraftv4" }).capabilities.customStyle).toBeUndefined();
  });

  it("makes a transparent raster by removing its background, and a transparent vector by tracing that again", async () => {
    const raster = await provider().generate({ ...baseRequest, transparent: true, look: null });
    expect(fake.calls.map((call) => call.path)).toEqual(["/v1/images/generations", "/v1/images/removeBackground"]);
    const cut = await sharp(raster.images[0]!.data).raw().toBuffer({ resolveWithObject: true });
    expect(cut.info.channels).toBe(4);
    expect(cut.data[3]).toBe(0);
    fake.reset();
    const vector = await provider().generate({ ...baseRequest, transparent: true, look: "icon" });
    expect(fake.calls.map((call) => call.path)).toEqual([
      "/v1/images/generations",
      "/v1/images/removeBackground",
      "/v1/images/vectorize",
    ]);
    // The traced SVG has no background: its first corner is see-through.
    expect(vector.images[0]!.svg).toBeDefined();
    const { data } = await sharp(vector.images[0]!.data).raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0);
  });

  it("repaints a region by inpainting with a grey mask of the image's size, and keeps a flat style's image a vector", async () => {
    const base = { data: await png("#336699", 256), mimeType: "image/png" as const };
    const mask = await sharp({ create: { width: 256, height: 256, channels: 3, background: "#000" } })
      .composite([{ input: await png("#ffffff", 64), left: 0, top: 0 }])
      .png()
      .toBuffer();
    const result = await provider().edit!({ ...baseRequest, look: "icon", base, mask });
    const [inpaint] = fake.callsTo("/v1/images/inpaint");
    expect(inpaint!.fields).toMatchObject({ prompt: baseRequest.prompt, model: "recraftv3", response_format: "url" });
    expect(inpaint!.files.image![0]).toMatchObject({ width: 256, height: 256 });
    expect(inpaint!.files.mask![0]).toMatchObject({ width: 256, height: 256, channels: 1, whitePixels: 64 * 64 });
    expect(fake.callsTo("/v1/images/vectorize")).toHaveLength(1);
    expect(result.images[0]!.svg).toBeDefined();
  });

  it("paints a new background with Recraft's background tool, and an outpaint's new space by inpainting, neither traced", async () => {
    const base = { data: await png("#336699", 128), mimeType: "image/png" as const };
    const mask = await png("#ffffff", 128);
    await provider().edit!({ ...baseRequest, look: "icon", base, mask, background: true });
    await provider().edit!({ ...baseRequest, look: "icon", base, mask, outpaint: true });
    expect(fake.calls.map((call) => call.path)).toEqual(["/v1/images/generateBackground", "/v1/images/inpaint"]);
    expect(fake.calls[0]!.files.mask![0]).toMatchObject({ width: 128, height: 128, channels: 1 });
  });

  it("changes an image as words say by image-to-image, at its strength", async () => {
    const base = { data: await png("#336699", 128), mimeType: "image/png" as const };
    const result = await provider().edit!({ ...baseRequest, look: null, base, mask: null });
    const [call] = fake.callsTo("/v1/images/imageToImage");
    expect(call!.fields).toMatchObject({ strength: "0.5", model: "recraftv3" });
    expect(result.images[0]!.svg).toBeUndefined();
    expect(fake.callsTo("/v1/images/vectorize")).toHaveLength(0);
  });

  it("upscales with the crisp upscaler (or the creative one), sending the image as `file`", async () => {
    const image = { data: await png("#336699", 100), mimeType: "image/png" as const };
    const result = await provider().upscale!({ image, factor: 4 });
    expect(fake.callsTo("/v1/images/crispUpscale")[0]!.files.file![0]).toMatchObject({ width: 100, height: 100 });
    expect(await meta(result.images[0]!.data)).toEqual(["png", 400, 400]);
    await provider({ upscaler: "creative" }).upscale!({ image, factor: 2 });
    expect(fake.callsTo("/v1/images/creativeUpscale")).toHaveLength(1);
  });

  it("sorts Recraft's errors: moderation is a refusal, 429 and 5xx retryable, no units and a bad token said plainly", async () => {
    fake.control.failNext = { kind: "moderated", count: 1 };
    expect(await failure(provider().generate(baseRequest))).toBeInstanceOf(ProviderRefusalError);
    fake.control.failNext = { kind: "server_error", count: 1 };
    expect(await failure(provider().generate(baseRequest))).toBeInstanceOf(ProviderRetryableError);
    fake.control.failNext = { kind: "rate_limit", count: 1 };
    expect(await failure(provider().generate(baseRequest))).toBeInstanceOf(ProviderRetryableError);
    fake.control.failNext = { kind: "not_enough_credits", count: 1 };
    const broke = await failure(provider().generate(baseRequest));
    expect(broke).toBeInstanceOf(ProviderError);
    expect((broke as Error).message).toMatch(/no API units left \(HTTP 402\)/);
    const refused = await failure(provider({ apiKey: "wrong" }).generate(baseRequest));
    expect((refused as Error).message).toMatch(/refused the key \(HTTP 401\): Invalid or missing API token/);
  });

  it("refuses an SVG holding a script or an outside reference, and a result that is not an image, with why", async () => {
    fake.control.result = "svg_script";
    const script = await failure(provider().generate({ ...baseRequest, look: "icon" }));
    expect(script).toBeInstanceOf(ProviderError);
    expect((script as Error).message).toMatch(/SVG holding a script/);
    fake.control.result = "svg_outside_link";
    expect(((await failure(provider().generate({ ...baseRequest, look: "icon" }))) as Error).message).toMatch(
      /outside reference/,
    );
    fake.control.result = "html";
    expect(((await failure(provider().generate(baseRequest))) as Error).message).toMatch(/answered text\/html/);
    fake.control.result = "not_an_image";
    expect(((await failure(provider().generate(baseRequest))) as Error).message).toMatch(/not an image/);
    fake.control.result = "expired";
    expect(((await failure(provider().generate(baseRequest))) as Error).message).toMatch(
      /expired or was refused \(HTTP 404\)/,
    );
  });

  it("gives up on a stalled call at the deadline, and stops at once on an abort", async () => {
    fake.control.stall = "call";
    const slow = await failure(provider({ timeoutMs: 300 }).generate(baseRequest));
    expect(slow).toBeInstanceOf(ProviderTimeoutError);
    const controller = new AbortController();
    const pending = failure(provider().generate({ ...baseRequest, signal: controller.signal }));
    await expect.poll(() => fake.stalls.started).toBe(2);
    controller.abort();
    expect(await pending).toBeInstanceOf(Error);
    await expect.poll(() => fake.stalls.abandoned).toBe(2);
  });

  it("checks the connection with /users/me: who, and the API units left", async () => {
    const probe = await provider().checkConnection!(AbortSignal.timeout(2_000));
    expect(probe.modelAvailable).toBeNull();
    expect(probe.message).toMatch(
      /as studio@example\.com: the key works \(5000 API units left\); recraftv3 is offered/,
    );
    await expect(provider({ apiKey: "wrong" }).checkConnection!(AbortSignal.timeout(2_000))).rejects.toThrow(
      /refused \(HTTP 401\)\. Check RECRAFT_API_KEY/,
    );
    await expect(
      provider({ baseUrl: "http://127.0.0.1:9" }).checkConnection!(AbortSignal.timeout(2_000)),
    ).rejects.toThrow(/Could not reach 127\.0\.0\.1:9 \(.*\)\. Check RECRAFT_BASE_URL/);
  });
});
