import sharp from "sharp";
import type { IconGrid } from "#domain/icon-packages";
import { optimizeAndSanitizeSvg, svgo } from "../generation/pipeline/sanitize-svg.server";
import { fillsAsCurrentColour, snapFillsToPalette } from "../generation/pipeline/vectorize-colours";

export interface IconSvgOptions {
  grid: IconGrid;
  /** The margin kept clear on each side, in grid units: the live area is what is left. */
  padding?: number;
  /** Every fill and stroke `currentColor` (what a package's components and a font take). */
  singleColour: boolean;
  /** The style's colours, which fills are snapped to in the coloured variant. */
  palette?: readonly string[];
  /** One stroke width for every stroke (a line set's weight), in grid units; round caps and joins. */
  strokeWidth?: number;
  /** The artwork's height in grid units (a set's optical size), instead of fitting it whole by its larger side. */
  height?: number;
}

/** The margin lucide and Tabler keep on a 24 grid, scaled to the others. */
export const defaultPadding = (grid: IconGrid) => grid / 12;
/** How large the artwork is rendered to find where it lies: finer than any grid it is fitted to. */
const MEASURE_SIDE = 512;
/** A first shape covering this much of the canvas is a background, not part of the icon. */
const BACKGROUND_COVER = 0.97;

/** An SVG's artwork as measured: where it lies and how thick its lines are, in its own units. */
export interface MeasuredIcon {
  artwork: string;
  box: { x: number; y: number; width: number; height: number };
  /** The artwork's typical stroke width (the median of its strokes'); null when it draws no strokes. */
  strokeWidth: number | null;
}

/** The artwork of any SVG Motif holds, cleaned, without its background, measured. */
export async function measureIcon(source: string): Promise<MeasuredIcon> {
  const clean = optimizeAndSanitizeSvg(source, { precision: 3 });
  const { viewBox, inner } = partsOf(clean);
  const artwork = await withoutBackground(viewBox, inner);
  return { artwork, box: await artworkBox(viewBox, artwork), strokeWidth: strokeWidthOf(artwork) };
}

/**
 * An icon-ready SVG from any SVG Motif holds (a trace, or a vector model's original): a viewBox on
 * the grid, no background, the artwork fitted whole and centred in the live area, its transforms
 * applied to the paths at the grid's precision, its colours the palette's (or `currentColor`).
 * With `height`, the artwork is brought to that height instead (a set's one optical size), as
 * wide as that makes it up to the live area's width.
 */
export async function iconSvg(source: string | MeasuredIcon, options: IconSvgOptions): Promise<string> {
  const { artwork, box, strokeWidth } = typeof source === "string" ? await measureIcon(source) : source;
  const grid = options.grid;
  const live = grid - 2 * (options.padding ?? defaultPadding(grid));
  // A new stroke width moves the outline by half the change: the shapes' own extent is fitted.
  const restroked = options.strokeWidth !== undefined && strokeWidth !== null;
  const [from, to] = restroked ? [strokeWidth, options.strokeWidth!] : [0, 0];
  const [width, height] = [Math.max(box.width - from, 1e-6), Math.max(box.height - from, 1e-6)];
  const scale =
    options.height === undefined
      ? (live - to) / Math.max(width, height)
      : Math.min((Math.min(options.height, live) - to) / height, (live - to) / width);
  const tx = grid / 2 - (box.x + box.width / 2) * scale;
  const ty = grid / 2 - (box.y + box.height / 2) * scale;
  const shapes = restroked ? roundedRectsAsPaths(artwork) : artwork;
  const placed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${grid} ${grid}" width="${grid}" height="${grid}"><g transform="translate(${round(tx)} ${round(ty)}) scale(${round(scale, 6)})">${shapes}</g></svg>`;
  let svg = svgo().optimize(placed, {
    multipass: true,
    floatPrecision: 2,
    // Under one stroke width every shape becomes a path, so no transform is left to scale its stroke.
    plugins: restroked
      ? ["preset-default", { name: "convertShapeToPath", params: { convertArcs: true } }]
      : ["preset-default"],
  }).data;
  if (options.strokeWidth !== undefined) svg = withStrokeWidth(svg, options.strokeWidth);
  svg = options.singleColour ? inCurrentColour(svg) : snapFillsToPalette(svg, options.palette ?? []);
  return svg;
}

/** Rounded rectangles as paths (svgo turns the other shapes into paths itself), so the placing transform is applied to every shape. */
function roundedRectsAsPaths(artwork: string): string {
  return artwork.replace(/<rect\b([^>]*?)\/?>/g, (rect, attrs: string) => {
    const get = (name: string) => Number(new RegExp(`\\s${name}="([-\\d.]+)"`).exec(attrs)?.[1] ?? NaN);
    const [x, y, w, h] = [get("x") || 0, get("y") || 0, get("width"), get("height")];
    if (!(w > 0 && h > 0)) return rect;
    const rx = Math.min(w / 2, Number.isNaN(get("rx")) ? get("ry") || 0 : get("rx"));
    const ry = Math.min(h / 2, Number.isNaN(get("ry")) ? rx : get("ry"));
    const arc = (px: number, py: number) => (rx > 0 && ry > 0 ? `A${rx} ${ry} 0 0 1 ${px} ${py}` : `L${px} ${py}`);
    const d =
      `M${x + rx} ${y}H${x + w - rx}${arc(x + w, y + ry)}V${y + h - ry}${arc(x + w - rx, y + h)}` +
      `H${x + rx}${arc(x, y + h - ry)}V${y + ry}${arc(x + rx, y)}Z`;
    const rest = attrs.replace(/\s(x|y|width|height|rx|ry)="[^"]*"/g, "");
    return `<path d="${d}"${rest}/>`;
  });
}

/** The median width of the strokes the artwork draws (1 where a stroke names none); null without strokes. */
export function strokeWidthOf(artwork: string): number | null {
  const widths: number[] = [];
  for (const [tag] of artwork.matchAll(/<[a-z]+\b[^>]*>/gi)) {
    const paint = /\sstroke="([^"]*)"/.exec(tag)?.[1] ?? /[\s;"]stroke:\s*([^;"]+)/.exec(tag)?.[1];
    if (!paint || paint.trim() === "none") continue;
    const width = /\sstroke-width="([\d.]+)/.exec(tag)?.[1] ?? /stroke-width:\s*([\d.]+)/.exec(tag)?.[1];
    widths.push(width ? Number(width) : 1);
  }
  if (widths.length === 0) return null;
  widths.sort((a, b) => a - b);
  return widths[Math.floor(widths.length / 2)]!;
}

/** The viewBox (x, y, width, height) and the markup inside the root element. */
function partsOf(svg: string): { viewBox: [number, number, number, number]; inner: string } {
  const open = /<svg\b[^>]*>/i.exec(svg);
  const close = svg.lastIndexOf("</svg>");
  if (!open || close < 0) throw new Error("Not an SVG document");
  const attrs = open[0];
  const declared = /viewBox="([^"]+)"/i
    .exec(attrs)?.[1]
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const width = Number(/\swidth="([\d.]+)/i.exec(attrs)?.[1] ?? 0);
  const height = Number(/\sheight="([\d.]+)/i.exec(attrs)?.[1] ?? 0);
  const viewBox = (declared?.length === 4 && declared.every(Number.isFinite) ? declared : [0, 0, width, height]) as [
    number,
    number,
    number,
    number,
  ];
  if (!(viewBox[2] > 0 && viewBox[3] > 0)) throw new Error("The SVG has no size");
  const inner = svg.slice(open.index + attrs.length, close);
  // Paint set on the root (fill="none" stroke="…" of a stroked icon) is inherited by the shapes:
  // kept on a group around them, since the root itself is replaced.
  const paint = [...attrs.matchAll(/\s(fill|stroke|stroke-width|stroke-linecap|stroke-linejoin|fill-rule)="([^"]*)"/g)]
    .map(([, name, value]) => ` ${name}="${value}"`)
    .join("");
  return { viewBox, inner: paint ? `<g${paint}>${inner}</g>` : inner };
}

const document = (viewBox: number[], inner: string, side: number) => {
  const [, , w, h] = viewBox;
  const scale = side / Math.max(w!, h!);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox.join(" ")}" width="${Math.round(w! * scale)}" height="${Math.round(h! * scale)}">${inner}</svg>`,
  );
};

/** The markup without its first shape when that shape is a background (it covers the canvas). */
async function withoutBackground(viewBox: number[], inner: string): Promise<string> {
  const first = /^\s*(<(?:path|rect|polygon)\b[^>]*\/>)/.exec(inner);
  if (!first) return inner;
  const { data, info } = await sharp(document(viewBox, first[1]!, 64))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let covered = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i]! > 128) covered++;
  return covered / (info.width * info.height) >= BACKGROUND_COVER ? inner.slice(first[0].length) : inner;
}

/** Where the artwork's visible pixels lie, in the viewBox's units. */
async function artworkBox(viewBox: [number, number, number, number], inner: string) {
  const { data, info } = await sharp(document(viewBox, inner, MEASURE_SIDE))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let [left, top, right, bottom] = [info.width, info.height, -1, -1];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[(y * info.width + x) * 4 + 3]! <= 16) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  if (right < 0) throw new Error("The SVG draws nothing");
  const unit = viewBox[2] / info.width;
  return {
    x: viewBox[0] + left * unit,
    y: viewBox[1] + top * unit,
    width: (right - left + 1) * unit,
    height: (bottom - top + 1) * unit,
  };
}

/** Every stroke at one width, with round caps and joins: the weight of a line set. */
function withStrokeWidth(svg: string, width: number): string {
  const stroked = svg.replace(/\sstroke-width="[^"]*"/g, "").replace(/\s(stroke-linecap|stroke-linejoin)="[^"]*"/g, "");
  if (!/\sstroke="(?!none)/.test(stroked)) return stroked;
  return stroked.replace(
    /<svg\b([^>]*)>/,
    `<svg$1 stroke-width="${round(width)}" stroke-linecap="round" stroke-linejoin="round">`,
  );
}

/** One colour: every fill and stroke that paints `currentColor`; `none` stays none. */
function inCurrentColour(svg: string): string {
  const painted = fillsAsCurrentColour(svg).replace(/\bstroke="(?!none")[^"]*"/g, 'stroke="currentColor"');
  // Shapes that name no fill paint black by default: the root's fill makes them take the colour.
  return /<svg\b[^>]*\sfill=/.test(painted) ? painted : painted.replace(/<svg\b/, '<svg fill="currentColor"');
}

const round = (n: number, digits = 3) => Number(n.toFixed(digits));
