import sharp from "sharp";

/**
 * Centre-line tracing: a line icon's outlines (what the tracer makes of a stroked drawing) turned
 * back into strokes along their middle, so a line set is strokes of one width with round caps and
 * joins, and changing the width changes its weight, as in lucide. The artwork is rendered on a
 * fine grid, thinned to its one-pixel skeleton (Zhang–Suen), the skeleton walked into polylines
 * between its ends and junctions, and those simplified (Ramer–Douglas–Peucker) into paths.
 */

/** Pixels per grid unit the artwork is thinned at: fine enough for 1-unit details on a 24 grid. */
const RESOLUTION = 8;
/** How far a simplified line may stray from the skeleton, in pixels of that raster. */
const TOLERANCE = 1.2;
/** Skeleton branches shorter than this (in pixels) are thinning's spurs at corners, not lines. */
const MIN_BRANCH = 4;

export interface Centreline {
  /** Path data in grid units: one subpath per line. */
  d: string;
  /** The lines' width as drawn (twice the median distance from the skeleton to the edge), in grid units. */
  strokeWidth: number;
  /** How much of the original ink the stroked lines cover and do not overspill (intersection over union, 0–1). */
  fidelity: number;
}

/**
 * The centre lines of an icon-ready SVG on `grid` (viewBox 0 0 grid grid), or null when it draws
 * nothing line-like (a solid shape thins to a point or a scribble that would not look like it).
 */
export async function centreline(svg: string, grid: number): Promise<Centreline | null> {
  const side = grid * RESOLUTION;
  const ink = await inkOf(svg, side);
  const distance = distanceToEdge(ink, side);
  const skeleton = thin(ink, side);
  const radii: number[] = [];
  for (let i = 0; i < skeleton.length; i++) if (skeleton[i]) radii.push(distance[i]!);
  if (radii.length < MIN_BRANCH) return null;
  radii.sort((a, b) => a - b);
  const strokeWidth = (2 * radii[radii.length >> 1]!) / RESOLUTION;
  const lines = walk(skeleton, side)
    .filter((line) => line.length >= MIN_BRANCH)
    .map((line) => simplify(line, TOLERANCE));
  if (lines.length === 0) return null;
  const d = lines.map((line) => line.map(([x, y], i) => `${i ? "L" : "M"}${unit(x)} ${unit(y)}`).join("")).join("");
  const fidelity = await overlap(ink, side, grid, d, strokeWidth);
  return { d, strokeWidth, fidelity };
}

const unit = (pixel: number) => Number(((pixel + 0.5) / RESOLUTION).toFixed(2));

/** The SVG's ink as a mask of side × side (1 where it paints). */
async function inkOf(svg: string, side: number): Promise<Uint8Array> {
  const { data } = await sharp(Buffer.from(svg), { density: 72 })
    .resize(side, side, { fit: "fill" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const ink = new Uint8Array(side * side);
  for (let p = 0; p < ink.length; p++) ink[p] = data[p * 4 + 3]! > 127 ? 1 : 0;
  return ink;
}

/** Each ink pixel's distance to the nearest blank one (a two-pass chamfer, 3-4 weights, in pixels). */
function distanceToEdge(ink: Uint8Array, side: number): Float32Array {
  const far = 1e6;
  const d = new Float32Array(ink.length);
  for (let i = 0; i < ink.length; i++) d[i] = ink[i] ? far : 0;
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= side || y >= side ? 0 : d[y * side + x]!);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const i = y * side + x;
      if (!d[i]) continue;
      d[i] = Math.min(d[i]!, at(x - 1, y) + 3, at(x, y - 1) + 3, at(x - 1, y - 1) + 4, at(x + 1, y - 1) + 4);
    }
  for (let y = side - 1; y >= 0; y--)
    for (let x = side - 1; x >= 0; x--) {
      const i = y * side + x;
      if (!d[i]) continue;
      d[i] = Math.min(d[i]!, at(x + 1, y) + 3, at(x, y + 1) + 3, at(x + 1, y + 1) + 4, at(x - 1, y + 1) + 4);
    }
  for (let i = 0; i < d.length; i++) d[i] = d[i]! / 3;
  return d;
}

/** Zhang–Suen thinning: the ink worn down from both sides to a connected, one-pixel skeleton. */
function thin(ink: Uint8Array, side: number): Uint8Array {
  // A blank border of one pixel, so neighbours need no bounds checks.
  const w = side + 2;
  const s = new Uint8Array(w * w);
  let alive: number[] = [];
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++)
      if (ink[y * side + x]) {
        s[(y + 1) * w + x + 1] = 1;
        alive.push((y + 1) * w + x + 1);
      }
  const clear: number[] = [];
  let changed = true;
  while (changed) {
    changed = false;
    for (const pass of [0, 1]) {
      clear.length = 0;
      for (const i of alive) {
        // Neighbours clockwise from north: p2..p9.
        const p2 = s[i - w]!,
          p3 = s[i - w + 1]!,
          p4 = s[i + 1]!,
          p5 = s[i + w + 1]!;
        const p6 = s[i + w]!,
          p7 = s[i + w - 1]!,
          p8 = s[i - 1]!,
          p9 = s[i - w - 1]!;
        const count = p2 + p3 + p4 + p5 + p6 + p7 + p8 + p9;
        if (count < 2 || count > 6) continue;
        const transitions =
          (+!p2 & p3) + (+!p3 & p4) + (+!p4 & p5) + (+!p5 & p6) + (+!p6 & p7) + (+!p7 & p8) + (+!p8 & p9) + (+!p9 & p2);
        if (transitions !== 1) continue;
        if (pass === 0 ? p2 * p4 * p6 || p4 * p6 * p8 : p2 * p4 * p8 || p2 * p6 * p8) continue;
        clear.push(i);
      }
      for (const i of clear) s[i] = 0;
      if (clear.length) {
        changed = true;
        alive = alive.filter((i) => s[i]);
      }
    }
  }
  const skeleton = new Uint8Array(side * side);
  for (const i of alive) skeleton[(Math.floor(i / w) - 1) * side + (i % w) - 1] = 1;
  return skeleton;
}

const OFFSETS = [
  [1, 0],
  [0, 1],
  [-1, 0],
  [0, -1],
  [1, 1],
  [-1, 1],
  [-1, -1],
  [1, -1],
] as const;

/** The skeleton as polylines: from each end or junction along each branch to the next, then loops. */
function walk(skeleton: Uint8Array, side: number): [number, number][][] {
  const on = (x: number, y: number) => x >= 0 && y >= 0 && x < side && y < side && skeleton[y * side + x] === 1;
  const neighbours = (x: number, y: number) =>
    OFFSETS.map(([dx, dy]) => [x + dx, y + dy] as [number, number]).filter(([nx, ny]) => on(nx, ny));
  const node = (x: number, y: number) => neighbours(x, y).length !== 2;
  const used = new Set<string>();
  const edge = (a: number[], b: number[]) => `${a[0]},${a[1]}>${b[0]},${b[1]}`;
  const lines: [number, number][][] = [];
  const follow = (start: [number, number], next: [number, number]) => {
    const line: [number, number][] = [start];
    let [prev, here] = [start, next];
    for (;;) {
      used.add(edge(prev, here)).add(edge(here, prev));
      line.push(here);
      if (node(here[0], here[1]) || (here[0] === start[0] && here[1] === start[1])) break;
      const onward = neighbours(here[0], here[1]).find((n) => !used.has(edge(here, n)));
      if (!onward) break;
      [prev, here] = [here, onward];
    }
    lines.push(line);
  };
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++)
      if (on(x, y) && node(x, y)) for (const n of neighbours(x, y)) if (!used.has(edge([x, y], n))) follow([x, y], n);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++)
      if (on(x, y)) for (const n of neighbours(x, y)) if (!used.has(edge([x, y], n))) follow([x, y], n);
  return lines;
}

/** Ramer–Douglas–Peucker: the fewest points that keep the line within `tolerance` of itself. */
function simplify(points: [number, number][], tolerance: number): [number, number][] {
  if (points.length <= 2) return points;
  const [a, b] = [points[0]!, points[points.length - 1]!];
  let [worst, at] = [0, 0];
  for (let i = 1; i < points.length - 1; i++) {
    const distance = offLine(points[i]!, a, b);
    if (distance > worst) [worst, at] = [distance, i];
  }
  if (worst <= tolerance) return [a, b];
  return [...simplify(points.slice(0, at + 1), tolerance).slice(0, -1), ...simplify(points.slice(at), tolerance)];
}

function offLine([x, y]: [number, number], [ax, ay]: [number, number], [bx, by]: [number, number]): number {
  const [dx, dy] = [bx - ax, by - ay];
  const length = Math.hypot(dx, dy);
  if (length === 0) return Math.hypot(x - ax, y - ay);
  return Math.abs(dy * x - dx * y + bx * ay - by * ax) / length;
}

/** Intersection over union of the original ink and the stroked centre lines. */
async function overlap(ink: Uint8Array, side: number, grid: number, d: string, width: number): Promise<number> {
  const stroked = await inkOf(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${grid} ${grid}" width="${side}" height="${side}"><path d="${d}" fill="none" stroke="#000" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/></svg>`,
    side,
  );
  let [both, either] = [0, 0];
  for (let i = 0; i < ink.length; i++) {
    if (ink[i] && stroked[i]) both++;
    if (ink[i] || stroked[i]) either++;
  }
  return either ? both / either : 0;
}
