import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ObjectDetail, ObjectImageView } from "#domain/objects";
import { classicPalettes } from "#domain/classic-palettes";
import { images, styles } from "#server/db/schema";
import { testDatabases } from "../support/databases";
import {
  balanceOf,
  createStyleThroughApi,
  json,
  ledgerSum,
  objectWithImage,
  runJob,
  submitObjects,
} from "../support/factories";
import { looksPixelated, pixelArtOnGrid, pixelsOf, png } from "../support/pixel-fixtures";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi } from "../support/test-server";

type ErrorReply = { error: { message: string; fields?: { path: string; message: string }[] } };

describe.each(testDatabases)("pixel art on $name", (target) => {
  const api = setUpSignedInApi(target, "ann-pixels@example.com");

  const convert = (objectId: string, body: Record<string, unknown>, cookie = api.user.cookie) =>
    api.server.call(`/api/objects/${objectId}/pixel-art`, { method: "POST", cookie, json: body });
  const fileOf = async (url: string, cookie = api.user.cookie) => {
    const response = await api.server.call(url, { cookie });
    expect(response.status, url).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };
  const imagesOf = (objectId: string) => api.database.db.select().from(images).where(eq(images.objectId, objectId));

  async function transparentObject() {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Knight"], transparent: true });
    expect((await runJob(api.server, set.job.id))?.status).toBe("succeeded");
    const { object } = await json<{ object: ObjectDetail }>(
      await api.server.call(`/api/objects/${set.objects[0]!.id}`, { cookie: api.user.cookie }),
    );
    return { objectId: object.id, source: object.images[0]!, styleId };
  }

  it("makes 32-px pixel art in PICO-8, free, once per settings; downloads it ×8 by whole pixels", async () => {
    const { objectId, source } = await transparentObject();
    const before = await balanceOf(api.database.db, api.user.userId);
    const response = await convert(objectId, { imageId: source.id, grid: 32, palette: "pico-8" });
    expect(response.status).toBe(201);
    const { image } = await json<{ image: ObjectImageView }>(response);
    expect(image).toMatchObject({
      width: 32,
      height: 32,
      hasAlpha: true,
      credits: 0,
      lineage: {
        operation: "pixelated",
        parentImageId: source.id,
        pixelArt: { grid: 32, detected: false, palette: "pico-8", colours: 16, outline: false },
      },
    });
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before);
    expect(await ledgerSum(api.database.db, api.user.userId)).toBe(before);

    const native = await pixelsOf(await fileOf(image.url));
    expect([native.width, native.height]).toEqual([32, 32]);
    expect([...native.alphas].sort((a, b) => a - b)).toEqual([0, 255]);
    for (const colour of native.colours) expect(classicPalettes["pico-8"].colours).toContain(colour);

    const download = await api.server.call(`${image.url}/scaled?scale=8`, { cookie: api.user.cookie });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/png");
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="knight-x8.png"');
    const scaled = await pixelsOf(Buffer.from(await download.arrayBuffer()));
    expect([scaled.width, scaled.height]).toEqual([256, 256]);
    for (let y = 0; y < 256; y += 3) {
      for (let x = 0; x < 256; x += 5) {
        const at = (y * 256 + x) * 4;
        const from = (Math.floor(y / 8) * 32 + Math.floor(x / 8)) * 4;
        expect([...scaled.data.subarray(at, at + 4)]).toEqual([...native.data.subarray(from, from + 4)]);
      }
    }

    // The same settings again: the same image; other settings: another.
    const again = await convert(objectId, { imageId: source.id, grid: 32, palette: "pico-8" });
    expect(again.status).toBe(200);
    expect((await json<{ image: ObjectImageView }>(again)).image.id).toBe(image.id);
    const outlined = await convert(objectId, { imageId: source.id, grid: 32, palette: "pico-8", outline: true });
    expect(outlined.status).toBe(201);
    expect(await imagesOf(objectId)).toHaveLength(3);
  });

  it("locks the colours to an uploaded palette, kept with the image", async () => {
    const { objectId, source } = await transparentObject();
    const sweetie = ["#1a1c2c", "#5d275d", "#b13e53", "#ef7d57", "#ffcd75", "#a7f070", "#38b764", "#257179"];
    const response = await convert(objectId, {
      imageId: source.id,
      grid: 32,
      palette: "custom",
      customPalette: sweetie,
      outline: true,
    });
    expect(response.status).toBe(201);
    const { image } = await json<{ image: ObjectImageView }>(response);
    expect(image.lineage.pixelArt).toMatchObject({ palette: "custom", customPalette: sweetie, outline: true });
    const native = await pixelsOf(await fileOf(image.url));
    expect(native.colours.size).toBeGreaterThan(1);
    for (const colour of native.colours) expect(sweetie).toContain(colour);
    // Another palette is another image; the same one again is the same image.
    const again = await convert(objectId, {
      imageId: source.id,
      grid: 32,
      palette: "custom",
      customPalette: sweetie,
      outline: true,
    });
    expect(again.status).toBe(200);
    const other = await convert(objectId, {
      imageId: source.id,
      grid: 32,
      palette: "custom",
      customPalette: sweetie.slice(0, 4),
      outline: true,
    });
    expect(other.status).toBe(201);
  });

  it("measures the grid of an image that only looks like pixel art and keeps the style's palette", async () => {
    const art = pixelArtOnGrid(48, 8, 11);
    const { objectId, imageId, styleId } = await objectWithImage(
      api,
      await png(await looksPixelated(art, 48, 1024, 4, 11), 1024),
    );
    const detected = await json<{ image: ObjectImageView }>(
      await convert(objectId, { imageId, grid: "detect", colours: 64 }),
    );
    expect(detected.image).toMatchObject({
      width: 48,
      height: 48,
      lineage: { pixelArt: { grid: 48, detected: true } },
    });

    const [style] = await api.database.db
      .select({ palette: styles.palette })
      .from(styles)
      .where(eq(styles.id, styleId));
    const inStyle = await json<{ image: ObjectImageView }>(
      await convert(objectId, { imageId, grid: 24, palette: "style" }),
    );
    const { colours } = await pixelsOf(await fileOf(inStyle.image.url));
    for (const colour of colours) expect(style!.palette).toContain(colour);
  });

  it("answers bad input with 400 naming the field, and costs nothing or stores nothing", async () => {
    const { objectId, source } = await transparentObject();
    const before = await balanceOf(api.database.db, api.user.userId);
    for (const [body, path] of [
      [{ imageId: source.id, grid: 8 }, "grid"],
      [{ imageId: source.id, grid: 129 }, "grid"],
      [{ imageId: source.id, grid: "auto" }, "grid"],
      [{ imageId: source.id, palette: "nes" }, "palette"],
      [{ imageId: source.id, colours: 1 }, "colours"],
      [{ imageId: source.id, colours: 65 }, "colours"],
      [{ imageId: source.id, outline: "yes" }, "outline"],
      [{ grid: 32 }, "imageId"],
      [{ imageId: source.id, palette: "custom" }, "customPalette"],
      [{ imageId: source.id, palette: "custom", customPalette: ["#000000", "red"] }, "customPalette.1"],
      [{ imageId: source.id, palette: "custom", customPalette: ["#000000"] }, "customPalette"],
    ] as const) {
      const response = await convert(objectId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json<ErrorReply>(response)).error.fields?.map((f) => f.path)).toEqual([path]);
    }
    // A drawn icon is not drawn on a pixel grid: said, and nothing is made.
    const notPixelArt = await convert(objectId, { imageId: source.id, grid: "detect" });
    expect(notPixelArt.status).toBe(400);
    expect((await json<ErrorReply>(notPixelArt)).error.message).toBe(
      "This image is not drawn on a pixel grid of 16 to 128 pixels; choose a grid size instead.",
    );
    expect((await convert(objectId, { imageId: "img_missing" })).status).toBe(404);
    expect(await imagesOf(objectId)).toHaveLength(1);

    for (const scale of ["0", "33", "2.5", "x"]) {
      const response = await api.server.call(`${source.url}/scaled?scale=${scale}`, { cookie: api.user.cookie });
      expect(response.status, scale).toBe(400);
      expect((await json<ErrorReply>(response)).error.fields?.map((f) => f.path)).toEqual(["scale"]);
    }
    // 1024 × 16 is over the largest side this instance makes.
    const over = await api.server.call(`${source.url}/scaled?scale=16`, { cookie: api.user.cookie });
    expect(over.status).toBe(400);
    expect((await json<ErrorReply>(over)).error.message).toBe(
      "×16 would make 16384 × 16384 px; this Motif makes images up to 8192 px on a side.",
    );
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before);
  });

  it("is nobody else's to convert or download", async () => {
    const { objectId, source } = await transparentObject();
    const other = await signInThroughApi(api.server, "bob-pixels@example.com");
    expect((await convert(objectId, { imageId: source.id }, other.cookie)).status).toBe(404);
    expect((await api.server.call(`${source.url}/scaled?scale=2`, { cookie: other.cookie })).status).toBe(404);
    expect(await imagesOf(objectId)).toHaveLength(1);
  });
});
