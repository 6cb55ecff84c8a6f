// One icon as a font glyph: every fill and every stroke made an outline (Skia's stroker), all
// of it joined into one non-overlapping shape (Skia's path union), in font units, y up.
import { contoursFromCommands, contoursToPathData, orientForTrueType } from "./contours";
import { type FontMetrics, gridToFont } from "./font-metrics";
import type { PathKit, SkPath } from "./pathkit.server";
import { type Drawable, svgDrawables } from "./svg-drawables";
import { type Matrix, determinant, multiply } from "./svg-geometry";

export interface GlyphOutline {
  /** Path data in font units, y up, the baseline at 0; empty when the icon paints nothing. */
  d: string;
  contours: number;
}

/** Outlines an icon SVG drawn on a `grid`-unit square. Throws when the SVG cannot be read. */
export function glyphOutline(kit: PathKit, svg: string, grid: number, metrics: FontMetrics): GlyphOutline {
  const toFont = gridToFont(metrics, grid);
  const union = kit.NewPath();
  const owned: SkPath[] = [union];
  try {
    for (const drawable of svgDrawables(svg, grid)) {
      for (const part of outlineParts(kit, drawable, multiply(toFont, drawable.matrix))) {
        owned.push(part);
        if (!union.op(part, kit.PathOp.UNION)) throw new Error("Its shapes could not be joined.");
      }
    }
    // Through path data once more: its curves come back as quadratics (Skia's conics are not).
    const plain = kit.FromSVGString(union.toSVGString());
    if (!plain) throw new Error("Its outline could not be read back.");
    owned.push(plain);
    const contours = orientForTrueType(contoursFromCommands(plain.toCmds()));
    return { d: contoursToPathData(contours), contours: contours.length };
  } finally {
    for (const path of owned) path.delete(); // WebAssembly memory is not garbage-collected
  }
}

/** A drawable's filled area and its stroke's outline, each in font units. */
function outlineParts(kit: PathKit, drawable: Drawable, matrix: Matrix): SkPath[] {
  const parts: SkPath[] = [];
  if (drawable.fill) {
    const fill = kit.FromSVGString(drawable.d);
    if (!fill) throw new Error("A path's data could not be read.");
    fill.setFillType(drawable.fill === "evenodd" ? kit.FillType.EVENODD : kit.FillType.WINDING);
    transform(fill, matrix);
    parts.push(fill);
  }
  if (drawable.stroke) {
    const path = kit.FromSVGString(drawable.d);
    if (!path) throw new Error("A path's data could not be read.");
    parts.push(path);
    // Stroked at font size, not the grid's 24 units: Skia picks its curve precision from the
    // path's own scale. The uniform part of the transform goes first, the rest after, so a
    // squashing transform still squashes the stroke as SVG draws it.
    const k = Math.sqrt(Math.abs(determinant(matrix))) || 1;
    transform(path, [k, 0, 0, k, 0, 0]);
    const { width, cap, join, miterLimit } = drawable.stroke;
    const stroked = path.stroke({
      width: width * k,
      cap: { butt: kit.StrokeCap.BUTT, round: kit.StrokeCap.ROUND, square: kit.StrokeCap.SQUARE }[cap],
      join: { miter: kit.StrokeJoin.MITER, round: kit.StrokeJoin.ROUND, bevel: kit.StrokeJoin.BEVEL }[join],
      miter_limit: miterLimit,
    });
    if (!stroked) throw new Error("A stroke could not be outlined.");
    transform(path, multiply(matrix, [1 / k, 0, 0, 1 / k, 0, 0]));
  }
  return parts;
}

function transform(path: SkPath, [a, b, c, d, e, f]: Matrix): void {
  path.transform(a, c, e, b, d, f, 0, 0, 1);
}
