import type { IconGrid } from "#domain/icon-packages";
import { centreline, type Centreline } from "./centreline.server";

/** Below this, the stroked centre lines are not faithful to the drawing: its outlines are kept. */
const MIN_FIDELITY = 0.75;
/** Stroke widths are kept to quarter units, as icon sets give them (1.5, 1.75, 2). */
const WIDTH_STEP = 0.25;

export interface LineIcon {
  /** Every line in `currentColor`, at the set's one stroke width, round caps and joins. */
  svg: string;
  /** The same in `colour`. */
  colourSvg: string;
}

/**
 * A line set as strokes: each icon's centre lines (from its icon-ready outlines) drawn at ONE
 * stroke width, the one asked for or the median of the widths the icons were drawn with, so the set has one weight and
 * a component's `strokeWidth` changes it. An icon whose lines do not hold (a solid shape) keeps its
 * outlines: null in its place.
 */
export async function asLineIcons(
  icons: { svg: string; colour: string }[],
  grid: IconGrid,
  /** One width asked for (in grid units), instead of the set's median. */
  width?: number,
): Promise<{ icons: (LineIcon | null)[]; strokeWidth: number | null }> {
  const lines: (Centreline | null)[] = [];
  for (const icon of icons) {
    const line = await centreline(icon.svg, grid);
    lines.push(line && line.fidelity >= MIN_FIDELITY ? line : null);
  }
  const widths = lines.flatMap((line) => (line ? [line.strokeWidth] : [])).sort((a, b) => a - b);
  if (widths.length === 0) return { icons: icons.map(() => null), strokeWidth: null };
  const strokeWidth = width ?? Math.max(WIDTH_STEP, Math.round(widths[widths.length >> 1]! / WIDTH_STEP) * WIDTH_STEP);
  const drawn = (d: string, paint: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${grid}" height="${grid}" viewBox="0 0 ${grid} ${grid}" fill="none" stroke="${paint}" stroke-width="${strokeWidth}" stroke-linecap="round" stroke-linejoin="round"><path d="${d}"/></svg>`;
  return {
    icons: lines.map((line, i) =>
      line ? { svg: drawn(line.d, "currentColor"), colourSvg: drawn(line.d, icons[i]!.colour) } : null,
    ),
    strokeWidth,
  };
}

/** The colour an icon is mostly painted in (its first fill or stroke that is a colour). */
export function mainColour(svg: string, fallback: string): string {
  return /(?:fill|stroke)="(#[0-9a-fA-F]{3,8})"/.exec(svg)?.[1] ?? fallback;
}
