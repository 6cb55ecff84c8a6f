import sharp from "sharp";
import { isLineArt, readReference } from "./reference-pixels.server";
import { withDecodeSlot } from "./uploads.server";

interface Traits {
  lightness: number;
  saturation: number;
  /** Share of pixels that are (mostly) see-through. */
  transparent: number;
  /** Share of neighbouring pixels with a strong step between them: edges and texture. */
  busy: number;
  /** Distinct colours (4 bits a channel) per 1,000 opaque pixels. */
  colours: number;
}

async function traitsOf(data: Buffer): Promise<Traits> {
  const { data: px, info } = await sharp(data)
    .resize(64, 64, { fit: "inside" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let light = 0;
  let sat = 0;
  let opaque = 0;
  let clear = 0;
  let steps = 0;
  let pairs = 0;
  const buckets = new Set<number>();
  const c = info.channels;
  for (let i = 0; i < px.length; i += c) {
    const [r, g, b, a] = [px[i]!, px[i + 1]!, px[i + 2]!, px[i + 3]!];
    if (a < 128) {
      clear++;
      continue;
    }
    opaque++;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    light += (max + min) / 510;
    sat += max === 0 ? 0 : (max - min) / max;
    buckets.add(((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4));
    const right = i + c;
    if ((i / c + 1) % info.width !== 0 && px[right + 3]! >= 128) {
      pairs++;
      if (Math.abs(r - px[right]!) + Math.abs(g - px[right + 1]!) + Math.abs(b - px[right + 2]!) > 60) steps++;
    }
  }
  const total = opaque + clear || 1;
  return {
    lightness: opaque ? light / opaque : 0.5,
    saturation: opaque ? sat / opaque : 0,
    transparent: clear / total,
    busy: pairs ? steps / pairs : 0,
    colours: opaque ? (buckets.size * 1000) / opaque : 0,
  };
}

/** How references drawn in strokes are described; the style's prompt carries it. */
export const lineArtWords = "line art with clean, even strokes and no fill or shadow";

const average = (list: Traits[], key: keyof Traits) => list.reduce((sum, t) => sum + t[key], 0) / list.length;

/**
 * A style description in words, read from reference images: how light, how colourful,
 * how flat or textured they are, and whether their subjects stand on transparent
 * backgrounds. It stands in for the description the user left out.
 */
export async function describeImages(imagesData: Buffer[]): Promise<string> {
  const all = await Promise.all(imagesData.map((data) => withDecodeSlot(() => traitsOf(data))));
  const drawnInLines = await Promise.all(imagesData.map(async (data) => isLineArt(await readReference(data, 128))));
  const lightness = average(all, "lightness");
  const saturation = average(all, "saturation");
  const busy = average(all, "busy");
  const colours = average(all, "colours");
  const transparent = average(all, "transparent");
  const words: string[] = [];
  words.push(lightness > 0.62 ? "light, airy tones" : lightness < 0.35 ? "dark, moody tones" : "balanced tones");
  words.push(saturation > 0.55 ? "vivid, saturated colour" : saturation < 0.22 ? "muted colour" : "moderate colour");
  // Most references drawn in strokes: the style is line art, whatever its colours.
  const lineArt = drawnInLines.filter(Boolean).length * 2 > drawnInLines.length;
  words.push(
    lineArt
      ? lineArtWords
      : colours < 40 && busy < 0.12
        ? "flat areas of colour with crisp edges"
        : busy > 0.3
          ? "rich texture and fine detail"
          : "soft shading",
  );
  if (transparent > 0.15) words.push("subjects isolated on a transparent background");
  const count = imagesData.length === 1 ? "the reference image" : `the ${imagesData.length} reference images`;
  return `In the look of ${count}: ${words.join(", ")}`;
}
