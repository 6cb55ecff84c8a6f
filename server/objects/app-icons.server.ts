import sharp from "sharp";

/** Every square size a web page, a desktop or a phone asks of an app icon, from 16 to 1024. */
export const APP_ICON_SIZES = [
  16, 20, 29, 32, 40, 48, 58, 60, 64, 72, 76, 80, 87, 96, 120, 128, 144, 152, 167, 180, 192, 256, 512, 1024,
] as const;

/** The favicon's sizes, each a PNG inside one .ico. */
export const FAVICON_SIZES = [16, 32, 48] as const;

/** Android's launcher icon per screen density. */
export const ANDROID_MIPMAPS = { mdpi: 48, hdpi: 72, xhdpi: 96, xxhdpi: 144, xxxhdpi: 192 } as const;

/** Xcode's classic AppIcon set: idiom, size in points and scale, for iPhone, iPad and the App Store. */
const IOS_ICONS: { idiom: "iphone" | "ipad" | "ios-marketing"; points: number; scale: 1 | 2 | 3 }[] = [
  ...[20, 29, 40, 60].flatMap((points) =>
    [2, 3].map((scale) => ({ idiom: "iphone" as const, points, scale: scale as 2 | 3 })),
  ),
  ...[20, 29, 40, 76].flatMap((points) =>
    [1, 2].map((scale) => ({ idiom: "ipad" as const, points, scale: scale as 1 | 2 })),
  ),
  { idiom: "ipad", points: 83.5, scale: 2 },
  { idiom: "ios-marketing", points: 1024, scale: 1 },
];

export interface IconFile {
  name: string;
  data: Buffer;
}

/**
 * An app's icons from one image: PNGs of every size (transparency kept), a favicon.ico, an Xcode
 * `AppIcon.appiconset` (opaque on `background`: the App Store refuses icons with transparency) and
 * Android's `mipmap-*` launcher icons. The image is made square first (centred on a transparent
 * square when it is not; one smaller than 1024 is scaled up to it once, so the largest icon exists)
 * and each size scaled down from that with Lanczos.
 */
export async function appIconFiles(image: Buffer, options: { background: string }): Promise<IconFile[]> {
  // Decoded once: each of the ~40 files below is resized from the same pixels.
  const square = await squared(image);
  const at = (size: number) => sharp(square.data, { raw: square.info }).resize(size, size, { kernel: "lanczos3" });
  const files: IconFile[] = [];
  for (const size of APP_ICON_SIZES) {
    files.push({ name: `png/icon-${size}.png`, data: await at(size).png().toBuffer() });
  }
  files.push({
    name: "favicon.ico",
    data: icoOf(await Promise.all(FAVICON_SIZES.map(async (size) => ({ size, png: await at(size).png().toBuffer() })))),
  });
  const iosImages = [];
  for (const icon of IOS_ICONS) {
    const pixels = Math.round(icon.points * icon.scale);
    const filename = `icon-${icon.idiom}-${icon.points}@${icon.scale}x.png`;
    const data = await at(pixels).flatten({ background: options.background }).png().toBuffer();
    files.push({ name: `ios/AppIcon.appiconset/${filename}`, data });
    iosImages.push({ filename, idiom: icon.idiom, scale: `${icon.scale}x`, size: `${icon.points}x${icon.points}` });
  }
  files.push({
    name: "ios/AppIcon.appiconset/Contents.json",
    data: Buffer.from(JSON.stringify({ images: iosImages, info: { author: "xcode", version: 1 } }, null, 2)),
  });
  for (const [density, size] of Object.entries(ANDROID_MIPMAPS)) {
    files.push({ name: `android/mipmap-${density}/ic_launcher.png`, data: await at(size).png().toBuffer() });
  }
  files.push({ name: "android/playstore-icon.png", data: await at(512).png().toBuffer() });
  return files;
}

/** The image's pixels on a transparent square as large as its longer side, at least 1024 (a smaller one is scaled up once). */
async function squared(image: Buffer) {
  const { width = 1, height = 1 } = await sharp(image).metadata();
  const side = Math.max(width, height);
  const placed = await sharp(image)
    .ensureAlpha()
    .extend({
      top: Math.floor((side - height) / 2),
      bottom: Math.ceil((side - height) / 2),
      left: Math.floor((side - width) / 2),
      right: Math.ceil((side - width) / 2),
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (side >= 1024) return { data: placed.data, info: { width: side, height: side, channels: 4 as const } };
  const data = await sharp(placed.data, { raw: placed.info })
    .resize(1024, 1024, { kernel: "lanczos3" })
    .raw()
    .toBuffer();
  return { data, info: { width: 1024, height: 1024, channels: 4 as const } };
}

/**
 * A Windows icon file holding PNGs (as Windows Vista and every browser read it): a 6-byte header,
 * a 16-byte entry per image (width and height, 0 meaning 256; 32 bits a pixel; where its bytes are),
 * then the PNGs themselves.
 */
export function icoOf(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2);
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}
