import sharp from "sharp";
import { dominantColours, mapByLightness, pixelRecolourer } from "#domain/recolour-colours";
import { recolourSvg, svgColours } from "./recolour-svg";

export interface Recoloured {
  data: Buffer;
  width: number;
  height: number;
  /** The native SVG recoloured the same way, when the image had one. */
  svg?: string;
}

/**
 * An image in another palette: each pixel takes the new colour of the picture's own colour it is
 * nearest, its alpha kept, so antialiased edges fade out in the new colour as they did in the old.
 * A native SVG gives the picture's colours (its fills are exact where a PNG's are blurred by
 * edges) and is recoloured by the same mapping, so the PNG and the SVG agree.
 */
export async function recolourImage(
  png: Buffer,
  palette: readonly string[],
  options: { svg?: string | null } = {},
): Promise<Recoloured> {
  const { hasAlpha } = await sharp(png).metadata();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const fromSvg = options.svg ? svgColours(options.svg) : [];
  const sources = fromSvg.length > 0 ? fromSvg : dominantColours(data, palette.length);
  const mapping = mapByLightness(sources, palette);
  const next = pixelRecolourer(mapping);
  for (let p = 0; p < data.length; p += 4) {
    if (data[p + 3] === 0) continue;
    const colour = next(data[p]!, data[p + 1]!, data[p + 2]!);
    data[p] = colour.r;
    data[p + 1] = colour.g;
    data[p + 2] = colour.b;
  }
  const raw = sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } });
  // An opaque picture stays opaque, without an alpha channel it would not use.
  const out = await (hasAlpha ? raw : raw.removeAlpha()).png({ compressionLevel: 9 }).toBuffer();
  return {
    data: out,
    width: info.width,
    height: info.height,
    ...(options.svg ? { svg: recolourSvg(options.svg, mapping) } : {}),
  };
}
