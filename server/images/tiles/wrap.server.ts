import sharp from "sharp";
import type { Rgba } from "../pixel-art/detect-grid";
import { cutAtQuietestSeam, repairSeam } from "./seam";

/**
 * A picture made into a texture that wraps, `side` pixels square: cropped to a square and brought
 * to the side, repaired where it does not wrap, then cut where it is quietest (decision 113).
 */
export async function madeToWrap(file: Buffer, side: number): Promise<Rgba> {
  const { data, info } = await sharp(file)
    .resize({ width: side, height: side, fit: "cover" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return cutAtQuietestSeam(repairSeam({ data, width: info.width, height: info.height }));
}
