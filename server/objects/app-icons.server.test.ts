import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ANDROID_MIPMAPS, APP_ICON_SIZES, appIconFiles, FAVICON_SIZES } from "./app-icons.server";

/** A transparent 1024 px picture: a red disc in the middle. */
const disc = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><circle cx="512" cy="512" r="380" fill="#d02020"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

/** The sizes and PNGs inside an .ico, read as Windows reads it. */
function readIco(ico: Buffer) {
  expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
  return Array.from({ length: ico.readUInt16LE(4) }, (_, i) => {
    const entry = 6 + i * 16;
    const [offset, length] = [ico.readUInt32LE(entry + 12), ico.readUInt32LE(entry + 8)];
    return {
      width: ico.readUInt8(entry) || 256,
      height: ico.readUInt8(entry + 1) || 256,
      png: ico.subarray(offset, offset + length),
    };
  });
}

describe("app icons", () => {
  it("makes every size, a favicon, an Xcode icon set and Android mipmaps from one image", async () => {
    const files = new Map((await appIconFiles(await disc(), { background: "#ffffff" })).map((f) => [f.name, f.data]));

    for (const size of APP_ICON_SIZES) {
      const png = files.get(`png/icon-${size}.png`)!;
      const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height], `icon-${size}`).toEqual([size, size]);
      // The disc's red in the middle, see-through at the corner.
      const middle = (Math.floor(size / 2) * size + Math.floor(size / 2)) * 4;
      expect([data[middle], data[middle + 1], data[middle + 2], data[middle + 3]]).toEqual([0xd0, 0x20, 0x20, 255]);
      expect(data[3]).toBe(0);
    }

    const favicon = readIco(files.get("favicon.ico")!);
    expect(favicon.map((i) => [i.width, i.height])).toEqual(FAVICON_SIZES.map((s) => [s, s]));
    for (const { width, png } of favicon) expect((await sharp(png).metadata()).width).toBe(width);

    const contents = JSON.parse(files.get("ios/AppIcon.appiconset/Contents.json")!.toString()) as {
      images: { filename: string; idiom: string; size: string; scale: string }[];
    };
    expect(contents.images).toContainEqual({
      filename: "icon-ios-marketing-1024@1x.png",
      idiom: "ios-marketing",
      size: "1024x1024",
      scale: "1x",
    });
    expect(contents.images).toContainEqual({
      filename: "icon-iphone-60@3x.png",
      idiom: "iphone",
      size: "60x60",
      scale: "3x",
    });
    expect(contents.images).toContainEqual({
      filename: "icon-ipad-83.5@2x.png",
      idiom: "ipad",
      size: "83.5x83.5",
      scale: "2x",
    });
    for (const image of contents.images) {
      const png = files.get(`ios/AppIcon.appiconset/${image.filename}`)!;
      const meta = await sharp(png).metadata();
      const pixels = Math.round(parseFloat(image.size) * parseInt(image.scale, 10));
      expect([meta.width, meta.hasAlpha], image.filename).toEqual([pixels, false]);
      // Opaque: the corner is the background, white.
      const corner = await sharp(png).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
      expect([...corner]).toEqual([255, 255, 255]);
    }

    for (const [density, size] of Object.entries(ANDROID_MIPMAPS)) {
      const meta = await sharp(files.get(`android/mipmap-${density}/ic_launcher.png`)!).metadata();
      expect([meta.width, meta.height, meta.hasAlpha]).toEqual([size, size, true]);
    }
    expect((await sharp(files.get("android/playstore-icon.png")!).metadata()).width).toBe(512);
  });

  it("centres a picture that is not square on a transparent square", async () => {
    const wide = await sharp({ create: { width: 600, height: 300, channels: 4, background: "#2040d0" } })
      .png()
      .toBuffer();
    const files = await appIconFiles(wide, { background: "#000000" });
    const png = files.find((f) => f.name === "png/icon-64.png")!.data;
    const { data } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * 64 + x) * 4 + 3];
    expect(alphaAt(32, 2)).toBe(0);
    expect(alphaAt(32, 32)).toBe(255);
    expect(alphaAt(32, 61)).toBe(0);
  });
});
