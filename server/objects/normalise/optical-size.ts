import type { NormaliseTreatment } from "#domain/image-lineage";
import { OPTICAL_HEIGHT_LEEWAY } from "#domain/normalise";

/** One icon as measured: its artwork's extent and typical stroke width, in its own units. */
export interface IconMeasure {
  box: { width: number; height: number };
  strokeWidth: number | null;
}

/** The set's treatment and each icon's own height: what the icons are brought to. */
export interface OpticalPlan {
  treatment: NormaliseTreatment;
  heights: number[];
}

/** The lowest a set's height goes to let wide icons in: below it, the widest are limited by the live area's width. */
const LOWEST_HEIGHT = 0.5;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round = (n: number, step: number) => Math.round(n / step) * step;

/**
 * One optical size for a set: a target height inside the live area that every icon's artwork is
 * brought to, low enough that the widest fits the live area's width (down to a floor), each icon's
 * height then nudged a little (±{@link OPTICAL_HEIGHT_LEEWAY}) so wide shapes, which look larger,
 * come out a little lower and narrow ones a little taller: the area evens out, the heights stay
 * within a few per cent. The stroke width is the one given (in units of a 24 grid) or the set's
 * median once each icon is fitted whole, in steps of a quarter of a 24 grid's unit.
 */
export function opticalPlan(
  icons: readonly IconMeasure[],
  options: { grid: number; padding: number; strokeWidth?: number },
): OpticalPlan {
  const { grid, padding } = options;
  const live = grid - 2 * padding;
  const step = grid / 96;
  const measured = icons.flatMap(({ box, strokeWidth }) =>
    strokeWidth === null ? [] : [(strokeWidth * live) / Math.max(box.width, box.height)],
  );
  const strokeWidth =
    measured.length === 0
      ? null
      : options.strokeWidth !== undefined
        ? Number(((options.strokeWidth * grid) / 24).toFixed(3))
        : Number(Math.max(step, round(median(measured), step)).toFixed(3));
  const aspects = icons.map(({ box }) => box.width / box.height);
  const widest = Math.max(1, ...aspects);
  const height = Number(((live * Math.max(LOWEST_HEIGHT, 1 / widest)) / (1 + OPTICAL_HEIGHT_LEEWAY)).toFixed(3));
  const typical = aspects.length ? median(aspects) : 1;
  const heights = aspects.map((aspect) => {
    const nudge = Math.sqrt(typical / aspect);
    return height * Math.min(1 + OPTICAL_HEIGHT_LEEWAY, Math.max(1 - OPTICAL_HEIGHT_LEEWAY, nudge));
  });
  return { treatment: { grid, padding, height, strokeWidth }, heights };
}
