import { vectorizeRaw, type Config } from "@neplex/vectorizer";
import sharp from "sharp";
import type { FlatLook } from "#domain/looks";
import { splitByAlpha } from "./alpha-layers";
import { assertSafeSvg, optimizeAndSanitizeSvg } from "./sanitize-svg.server";
import { fillsAsCurrentColour, snapFillsToPalette } from "./vectorize-colours";
import { inkMask, removeBackground, removeShadows } from "./vectorize-input";

// The binding's enums are declared `const` and absent at run time: their values, as documented.
const COLOR = 0 as Config["colorMode"];
const STACKED = 0 as Config["hierarchical"];
const POLYGON = 1 as Config["mode"];
const SPLINE = 2 as Config["mode"];

/**
 * Tracing settings per look. Pixel art: polygons that follow the pixel grid, every
 * colour kept, no smoothing. Icons: splines, a handful of colour layers. Line art: the
 * same with fewer colours still, and small specks kept (thin strokes break into them).
 */
const SETTINGS: Record<FlatLook, Config> = {
  pixel: {
    colorMode: COLOR,
    hierarchical: STACKED,
    filterSpeckle: 0,
    colorPrecision: 8,
    layerDifference: 1,
    mode: POLYGON,
    cornerThreshold: 180,
    lengthThreshold: 0,
    maxIterations: 1,
    spliceThreshold: 180,
    pathPrecision: 0,
  },
  icon: {
    colorMode: COLOR,
    hierarchical: STACKED,
    filterSpeckle: 4,
    colorPrecision: 6,
    layerDifference: 16,
    mode: SPLINE,
    cornerThreshold: 60,
    lengthThreshold: 4,
    maxIterations: 10,
    spliceThreshold: 45,
    pathPrecision: 2,
  },
  line: {
    colorMode: COLOR,
    hierarchical: STACKED,
    filterSpeckle: 2,
    colorPrecision: 5,
    layerDifference: 24,
    mode: SPLINE,
    cornerThreshold: 60,
    lengthThreshold: 3,
    maxIterations: 10,
    spliceThreshold: 45,
    pathPrecision: 2,
  },
};

/** The largest side traced: beyond it a flat image gains nothing but path points. */
const MAX_SIDE = 1024;

/**
 * Keying on: every fully transparent pixel is left out of the trace. The tracer's default keys
 * only when a fifth of a few sampled rows is transparent, and otherwise paints transparent
 * pixels in their stored colour (usually black).
 */
const KEY_EVERY_TRANSPARENT_PIXEL = { keyingThreshold: 0 } satisfies Partial<Config>;

/** How a trace is coloured: in the style's palette (fills snapped to it), or in one colour. */
export interface TraceOptions {
  /** The style's colours (#rrggbb): a traced fill within the tolerance of one becomes it. */
  palette?: readonly string[];
  /** One colour: every fill `currentColor`, white details left as holes. */
  singleColour?: boolean;
}

/**
 * Traces a flat image to a small, sanitised SVG of the same size: the subject only (its
 * background and cast shadow left out), its colours the style's palette, or a single colour.
 */
export async function imageToSvg(
  png: Buffer,
  look: FlatLook,
  options: TraceOptions = {},
): Promise<{ svg: string; bytes: number }> {
  const meta = await sharp(png).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  // Decoded for the tracer (stored images may be WebP), at most MAX_SIDE wide.
  let pipeline = sharp(png);
  if (Math.max(width, height) > MAX_SIDE) {
    pipeline = pipeline.resize({
      width: MAX_SIDE,
      height: MAX_SIDE,
      fit: "inside",
      kernel: look === "pixel" ? "nearest" : "lanczos3",
    });
  }
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const size = { width: info.width, height: info.height };
  removeBackground(data, info.width, info.height);
  removeShadows(data, info.width, info.height);
  const config = { ...SETTINGS[look], ...KEY_EVERY_TRANSPARENT_PIXEL };
  const precision = look === "pixel" ? 0 : 1;
  const recolour = (svg: string) =>
    options.singleColour ? fillsAsCurrentColour(svg) : snapFillsToPalette(svg, options.palette ?? []);
  const trace = async (rgba: Buffer) =>
    optimizeAndSanitizeSvg(withViewBox(recolour(await vectorizeRaw(rgba, size, config)), size), { precision });
  // The tracer draws every pixel that is not fully transparent as opaque, so soft areas (a glow,
  // a feathered edge) are traced apart and drawn at their opacity under the rest. A single colour
  // has none: it is one shape.
  const { opaque, soft } = options.singleColour
    ? { opaque: inkMask(data), soft: [] }
    : splitByAlpha(data, info.width, info.height);
  const [main, layers] = await Promise.all([
    trace(opaque),
    Promise.all(soft.map(async (layer) => ({ svg: await trace(layer.rgba), opacity: layer.opacity }))),
  ]);
  // Grouped after svgo, which would round an opacity to the path precision (0 for pixel art).
  const groups = layers.map(
    (layer) => `<g opacity="${Math.round(layer.opacity * 1000) / 1000}">${svgContent(layer.svg)}</g>`,
  );
  const svg = svgOpeningTag(main).replace(/\bwidth="[^"]*"\s*height="[^"]*"/, `width="${width}" height="${height}"`);
  const combined = `${svg}${groups.join("")}${svgContent(main)}</svg>`;
  assertSafeSvg(combined);
  return { svg: combined, bytes: Buffer.byteLength(combined) };
}

/** The tracer sizes the SVG in pixels; a viewBox lets it scale. */
function withViewBox(svg: string, size: { width: number; height: number }): string {
  return svg.replace(/<svg\b([^>]*)>/, (tag, attrs: string) =>
    attrs.includes("viewBox") ? tag : `<svg${attrs} viewBox="0 0 ${size.width} ${size.height}">`,
  );
}

/** The `<svg …>` opening tag of an optimised document (svgo writes an empty one as `<svg …/>`). */
function svgOpeningTag(svg: string): string {
  return svg.match(/^<svg\b[^>]*>/)![0].replace(/\s*\/>$/, ">");
}

/** What an optimised document holds between its opening and closing tags. */
function svgContent(svg: string): string {
  const open = svg.match(/^<svg\b[^>]*>/)![0];
  return open.endsWith("/>") ? "" : svg.slice(open.length, svg.lastIndexOf("</svg>"));
}

/**
 * How close an SVG looks to the image it was traced from: both drawn at the image's size
 * over mid grey, then the mean absolute error per channel (0–1) over the pixels either
 * covers, weighted by that cover, so an empty background cannot dilute it.
 */
export async function svgSimilarity(svg: string, png: Buffer): Promise<{ similarity: number; meanError: number }> {
  const meta = await sharp(png).metadata();
  const width = meta.width!;
  const height = meta.height!;
  const drawn = await sharp(Buffer.from(svg), { density: 72 })
    .resize(width, height, { fit: "fill" })
    .ensureAlpha()
    .raw()
    .toBuffer();
  const original = await sharp(png).ensureAlpha().raw().toBuffer();
  const overGrey = (px: Buffer, i: number, c: number) => (px[i + 3]! * px[i + c]! + (255 - px[i + 3]!) * 128) / 255;
  let total = 0;
  let weight = 0;
  for (let i = 0; i < original.length; i += 4) {
    const cover = Math.max(original[i + 3]!, drawn[i + 3]!) / 255;
    if (cover === 0) continue;
    let error = 0;
    for (let c = 0; c < 3; c++) error += Math.abs(overGrey(original, i, c) - overGrey(drawn, i, c));
    total += (cover * error) / 3;
    weight += cover;
  }
  const meanError = weight ? total / weight / 255 : 0;
  return { similarity: 1 - meanError, meanError };
}
