// Contours turned the way TrueType wants them. A font fills by the non-zero rule, so a hole must
// run against the shape around it; Skia's union leaves non-overlapping contours but may turn
// every one the same way (an even-odd result), so each is set by how deeply it is nested.

export interface Segment {
  kind: "L" | "Q" | "C";
  /** Control points then the end point, as x, y pairs. */
  points: number[];
}

export interface Contour {
  start: [number, number];
  segments: Segment[];
}

/** PathKit's commands (move 0, line 1, quad 2, conic 3, cubic 4, close 5) as closed contours. */
export function contoursFromCommands(commands: number[][]): Contour[] {
  const contours: Contour[] = [];
  let current: Contour | undefined;
  for (const [verb, ...n] of commands) {
    if (verb === 0) {
      current = { start: [n[0]!, n[1]!], segments: [] };
      contours.push(current);
    } else if (current && verb === 1) current.segments.push({ kind: "L", points: n.slice(0, 2) });
    else if (current && (verb === 2 || verb === 3)) current.segments.push({ kind: "Q", points: n.slice(0, 4) });
    else if (current && verb === 4) current.segments.push({ kind: "C", points: n.slice(0, 6) });
  }
  return contours.filter((contour) => contour.segments.length > 0);
}

/** Points along a contour, curves sampled, for areas and insideness. */
function flatten(contour: Contour): [number, number][] {
  const points: [number, number][] = [contour.start];
  let [x0, y0] = contour.start;
  for (const { kind, points: p } of contour.segments) {
    if (kind !== "L") {
      for (const t of [0.25, 0.5, 0.75]) points.push(kind === "Q" ? quadAt(x0, y0, p, t) : cubicAt(x0, y0, p, t));
    }
    [x0, y0] = [p[p.length - 2]!, p[p.length - 1]!];
    points.push([x0, y0]);
  }
  return points;
}

function quadAt(x0: number, y0: number, p: number[], t: number): [number, number] {
  const u = 1 - t;
  return [u * u * x0 + 2 * u * t * p[0]! + t * t * p[2]!, u * u * y0 + 2 * u * t * p[1]! + t * t * p[3]!];
}

function cubicAt(x0: number, y0: number, p: number[], t: number): [number, number] {
  const u = 1 - t;
  const [a, b, c, d] = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
  return [a * x0 + b * p[0]! + c * p[2]! + d * p[4]!, a * y0 + b * p[1]! + c * p[3]! + d * p[5]!];
}

/** Twice the signed area (shoelace): positive when counter-clockwise with y up. */
function signedArea(points: [number, number][]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    const [x2, y2] = points[(i + 1) % points.length]!;
    sum += x1 * y2 - x2 * y1;
  }
  return sum;
}

function inside([x, y]: [number, number], polygon: [number, number][]): boolean {
  let within = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) within = !within;
  }
  return within;
}

function reverse(contour: Contour): Contour {
  const ends: [number, number][] = [contour.start];
  for (const { points } of contour.segments) ends.push([points[points.length - 2]!, points[points.length - 1]!]);
  const segments = contour.segments
    .map(({ kind, points }, i): Segment => {
      const [x, y] = ends[i]!;
      const controls = [];
      for (let k = points.length - 4; k >= 0; k -= 2) controls.push(points[k]!, points[k + 1]!);
      return { kind, points: [...controls, x, y] };
    })
    .reverse();
  return { start: ends[ends.length - 1]!, segments };
}

/**
 * Outer contours clockwise and holes counter-clockwise (y up), as TrueType renders them under
 * the non-zero rule. Contours must not cross one another (a Skia union's never do).
 */
export function orientForTrueType(contours: Contour[]): Contour[] {
  const flat = contours.map(flatten);
  return contours.map((contour, i) => {
    const samples = flat[i]!.filter((_, k) => k % Math.max(1, Math.floor(flat[i]!.length / 5)) === 0).slice(0, 5);
    // Nesting by a vote of a few points: a point shared with a touching contour can mislead one.
    const depth = flat.reduce((count, polygon, j) => {
      if (j === i) return count;
      const votes = samples.filter((point) => inside(point, polygon)).length;
      return votes * 2 > samples.length ? count + 1 : count;
    }, 0);
    const clockwise = signedArea(flat[i]!) < 0;
    return clockwise === (depth % 2 === 0) ? contour : reverse(contour);
  });
}

/** Path data for a glyph, to font units (integers: TrueType stores no fractions). */
export function contoursToPathData(contours: Contour[]): string {
  const n = (value: number) => String(Math.round(value));
  return contours
    .map(({ start, segments }) => {
      const parts = [`M${n(start[0])} ${n(start[1])}`];
      for (const { kind, points } of segments) parts.push(kind + points.map(n).join(" "));
      return parts.join("") + "Z";
    })
    .join("");
}
