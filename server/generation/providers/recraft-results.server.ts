import sharp from "sharp";
import { optimizeAndSanitizeSvg, UnsafeSvgError } from "../pipeline/sanitize-svg.server";
import { answeredImage } from "./answered-image.server";
import { ProviderAnswerError, type GeneratedImage } from "./provider";
import type { RecraftImage } from "./recraft-http.server";
import { downloadResultLink } from "./result-link.server";

/** A result as it came: an SVG's text, or a raster image's bytes. */
export type RecraftResult = { kind: "svg"; svg: string } | { kind: "raster"; data: Buffer };

/** The largest SVG kept: Recraft's vectors are tens to hundreds of kilobytes. */
const MAX_SVG_BYTES = 8 * 1024 * 1024;

/**
 * What in an SVG makes Motif refuse it rather than clean it: anything that runs or fetches.
 * The allow-list strip that follows would remove these too; refusing says the answer was wrong.
 */
const DANGER: [RegExp, string][] = [
  [/<script\b/i, "a script"],
  [/<foreignObject\b/i, "embedded HTML"],
  [/\son[a-z]+\s*=/i, "an event handler"],
  [/javascript:/i, "a script link"],
  [/\b(?:href|src)\s*=\s*["']\s*(?!#)[^"']/i, "an outside reference"],
  [/url\(\s*["']?\s*(?!#)[^)'"\s]/i, "an outside reference"],
  [/@import/i, "an outside style sheet"],
];

/** One image of an answer: decoded from base64, or fetched from its link (which needs no key). */
export async function fetchResult(image: RecraftImage, signal: AbortSignal): Promise<RecraftResult> {
  if (image.b64_json) return sortResult(Buffer.from(image.b64_json, "base64"), "");
  const { data, type } = await downloadResultLink(image.url!, signal, "Recraft keeps results for about a day");
  return sortResult(data, type);
}

/** An SVG by its type or its first markup; anything else must be a raster image. */
function sortResult(data: Buffer, type: string): RecraftResult {
  const head = data
    .subarray(0, 512)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (type === "image/svg+xml" || /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg\b/i.test(head)) {
    if (data.length > MAX_SVG_BYTES) throw new ProviderAnswerError("The image service returned an SVG over 8 MB");
    return { kind: "svg", svg: data.toString("utf8") };
  }
  return { kind: "raster", data };
}

/** The SVG cleaned to what Motif serves (no script, no outside reference), or refused with why. */
export function sanitizedVector(svg: string): string {
  const found = DANGER.filter(([pattern]) => pattern.test(svg)).map(([, what]) => what);
  if (found.length) {
    throw new ProviderAnswerError(
      `The image service returned an SVG holding ${[...new Set(found)].join(" and ")}: it was not kept`,
    );
  }
  try {
    return optimizeAndSanitizeSvg(svg, { precision: 2 });
  } catch (error) {
    if (error instanceof UnsafeSvgError)
      throw new ProviderAnswerError(`The image service returned an unsafe SVG. ${error.message}`);
    throw new ProviderAnswerError("The image service returned an SVG that could not be read");
  }
}

/**
 * The PNG of an SVG at exactly `width` × `height`: rendered at the density that gives that size
 * (not scaled up from a small raster), its shape fitted whole, the rest left transparent.
 */
export async function renderVector(svg: string, width: number, height: number): Promise<Buffer> {
  const source = Buffer.from(svg);
  let meta;
  try {
    meta = await sharp(source).metadata();
  } catch {
    throw new ProviderAnswerError("The image service returned an SVG that does not render");
  }
  const scale = Math.max(width / (meta.width || width), height / (meta.height || height));
  const density = Math.min(2400, Math.max(1, 72 * scale));
  return sharp(source, { density })
    .resize(width, height, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

/** A result as Motif stores it: a vector kept with the PNG rendered from it, or a checked raster. */
export async function asGenerated(
  result: RecraftResult,
  size: { width: number; height: number },
): Promise<GeneratedImage> {
  if (result.kind === "svg") {
    const svg = sanitizedVector(result.svg);
    return { data: await renderVector(svg, size.width, size.height), format: "png", svg };
  }
  return answeredImage(result.data);
}
