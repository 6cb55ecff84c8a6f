import type { Cells } from "./cells";
import { distance2, oklab, type Lab } from "./oklab";

type Rgb = [number, number, number];

/** The `count` colours that best keep the drawn cells' own (k-means in Oklab, seeded the same way every time). */
export function coloursOf(cells: Cells, count: number): Rgb[] {
  const tally = new Map<number, number>();
  for (let c = 0; c < cells.opaque.length; c++) {
    if (!cells.opaque[c]) continue;
    const packed = (cells.colour[c * 3]! << 16) | (cells.colour[c * 3 + 1]! << 8) | cells.colour[c * 3 + 2]!;
    tally.set(packed, (tally.get(packed) ?? 0) + 1);
  }
  const points = [...tally].map(([packed, weight]) => {
    const rgb: Rgb = [(packed >> 16) & 255, (packed >> 8) & 255, packed & 255];
    return { rgb, lab: oklab(...rgb), weight };
  });
  if (points.length <= count) return points.map((p) => p.rgb);
  // Seeds: the commonest colour, then each time the colour farthest from every seed so far.
  points.sort((a, b) => b.weight - a.weight || a.lab[0] - b.lab[0]);
  const centres: Lab[] = [points[0]!.lab];
  const nearest = points.map((p) => distance2(p.lab, centres[0]!));
  while (centres.length < count) {
    let far = 0;
    for (let i = 1; i < points.length; i++) if (nearest[i]! > nearest[far]!) far = i;
    centres.push(points[far]!.lab);
    for (let i = 0; i < points.length; i++)
      nearest[i] = Math.min(nearest[i]!, distance2(points[i]!.lab, points[far]!.lab));
  }
  const owner = new Int32Array(points.length);
  for (let round = 0; round < 12; round++) {
    let moved = false;
    points.forEach((point, i) => {
      const best = closest(centres, point.lab);
      if (best !== owner[i]) moved = true;
      owner[i] = best;
    });
    const sums = centres.map(() => ({ l: 0, a: 0, b: 0, w: 0 }));
    points.forEach((point, i) => {
      const s = sums[owner[i]!]!;
      s.l += point.lab[0] * point.weight;
      s.a += point.lab[1] * point.weight;
      s.b += point.lab[2] * point.weight;
      s.w += point.weight;
    });
    sums.forEach((s, k) => {
      if (s.w > 0) centres[k] = [s.l / s.w, s.a / s.w, s.b / s.w];
    });
    if (!moved && round > 0) break;
  }
  // Each colour is the member nearest its cluster's centre: a colour the image really has.
  return centres
    .map((centre, k) => {
      let pick = -1;
      points.forEach((point, i) => {
        if (owner[i] === k && (pick < 0 || distance2(point.lab, centre) < distance2(points[pick]!.lab, centre)))
          pick = i;
      });
      return pick < 0 ? undefined : points[pick]!.rgb;
    })
    .filter((rgb): rgb is Rgb => rgb !== undefined);
}

/** Every drawn cell takes the palette colour nearest its own, as a person sees colour. */
export function snapToPalette(cells: Cells, palette: Rgb[]): void {
  const labs = palette.map((rgb) => oklab(...rgb));
  const memo = new Map<number, number>();
  for (let c = 0; c < cells.opaque.length; c++) {
    if (!cells.opaque[c]) continue;
    const rgb: Rgb = [cells.colour[c * 3]!, cells.colour[c * 3 + 1]!, cells.colour[c * 3 + 2]!];
    const packed = (rgb[0] << 16) | (rgb[1] << 8) | rgb[2];
    let k = memo.get(packed);
    if (k === undefined) {
      k = closest(labs, oklab(...rgb));
      memo.set(packed, k);
    }
    cells.colour.set(palette[k]!, c * 3);
  }
}

/** The palette's darkest colour: the outline's. */
export function darkest(palette: Rgb[]): Rgb {
  return palette.reduce((dark, rgb) => (oklab(...rgb)[0] < oklab(...dark)[0] ? rgb : dark));
}

function closest(centres: Lab[], lab: Lab): number {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  centres.forEach((centre, k) => {
    const d = distance2(centre, lab);
    if (d < bestDistance) [best, bestDistance] = [k, d];
  });
  return best;
}
