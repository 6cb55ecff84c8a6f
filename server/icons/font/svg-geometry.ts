// SVG geometry a font needs from an icon: affine transforms and basic shapes as path data.

/** An affine matrix as SVG writes it: [a, b, c, d, e, f] maps (x, y) to (ax + cy + e, bx + dy + f). */
export type Matrix = readonly [number, number, number, number, number, number];

export const identity: Matrix = [1, 0, 0, 1, 0, 0];

/** m × n: n applied first, then m (as a parent's transform applies after its child's). */
export function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

export function scaleMatrix(sx: number, sy = sx): Matrix {
  return [sx, 0, 0, sy, 0, 0];
}

export function determinant(m: Matrix): number {
  return m[0] * m[3] - m[1] * m[2];
}

const numberPattern = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g;

/** The numbers in an attribute such as a viewBox, points or a transform's arguments. */
export function numbers(text: string): number[] {
  return (text.match(numberPattern) ?? []).map(Number);
}

/** An SVG transform attribute (matrix, translate, scale, rotate, skewX, skewY, in any sequence). */
export function parseTransform(text: string | undefined): Matrix {
  let result = identity;
  if (!text) return result;
  for (const [, name, args] of text.matchAll(/([a-zA-Z]+)\s*\(([^)]*)\)/g)) {
    const n = numbers(args ?? "");
    result = multiply(result, transformFunction(name!, n));
  }
  return result;
}

function transformFunction(name: string, n: number[]): Matrix {
  const [p = 0, q, r] = n;
  switch (name) {
    case "matrix":
      return n.length >= 6 ? (n.slice(0, 6) as unknown as Matrix) : identity;
    case "translate":
      return [1, 0, 0, 1, p, q ?? 0];
    case "scale":
      return scaleMatrix(n[0] ?? 1, q ?? n[0] ?? 1);
    case "rotate": {
      const angle = (p * Math.PI) / 180;
      const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
      const rotation: Matrix = [cos, sin, -sin, cos, 0, 0];
      if (q === undefined || r === undefined) return rotation;
      return multiply(multiply([1, 0, 0, 1, q, r], rotation), [1, 0, 0, 1, -q, -r]);
    }
    case "skewX":
      return [1, 0, Math.tan((p * Math.PI) / 180), 1, 0, 0];
    case "skewY":
      return [1, Math.tan((p * Math.PI) / 180), 0, 1, 0, 0];
    default:
      return identity;
  }
}

type Attributes = Record<string, string | undefined>;

const length = (attributes: Attributes, name: string) => Number.parseFloat(attributes[name] ?? "0") || 0;

/** A basic shape's outline as path data, or null when it draws nothing (a zero radius, say). */
export function shapePath(tag: string, a: Attributes): string | null {
  switch (tag) {
    case "path":
      return a.d?.trim() || null;
    case "rect":
      return rectPath(a);
    case "circle":
      return ellipsePath(length(a, "cx"), length(a, "cy"), length(a, "r"), length(a, "r"));
    case "ellipse":
      return ellipsePath(length(a, "cx"), length(a, "cy"), length(a, "rx"), length(a, "ry"));
    case "line":
      return `M${length(a, "x1")} ${length(a, "y1")}L${length(a, "x2")} ${length(a, "y2")}`;
    case "polyline":
    case "polygon": {
      const n = numbers(a.points ?? "");
      if (n.length < 4) return null;
      const points = [];
      for (let i = 0; i + 1 < n.length; i += 2) points.push(`${n[i]} ${n[i + 1]}`);
      return `M${points.join("L")}${tag === "polygon" ? "Z" : ""}`;
    }
    default:
      return null;
  }
}

function rectPath(a: Attributes): string | null {
  const [x, y, w, h] = [length(a, "x"), length(a, "y"), length(a, "width"), length(a, "height")];
  if (w <= 0 || h <= 0) return null;
  // An absent rx takes ry's value and the other way round (SVG 2), each at most half the side.
  const rxGiven = a.rx !== undefined ? length(a, "rx") : undefined;
  const ryGiven = a.ry !== undefined ? length(a, "ry") : undefined;
  const rx = Math.min(rxGiven ?? ryGiven ?? 0, w / 2);
  const ry = Math.min(ryGiven ?? rxGiven ?? 0, h / 2);
  if (rx <= 0 || ry <= 0) return `M${x} ${y}H${x + w}V${y + h}H${x}Z`;
  const arc = (dx: number, dy: number) => `A${rx} ${ry} 0 0 1 ${dx} ${dy}`;
  return (
    `M${x + rx} ${y}H${x + w - rx}${arc(x + w, y + ry)}V${y + h - ry}${arc(x + w - rx, y + h)}` +
    `H${x + rx}${arc(x, y + h - ry)}V${y + ry}${arc(x + rx, y)}Z`
  );
}

function ellipsePath(cx: number, cy: number, rx: number, ry: number): string | null {
  if (rx <= 0 || ry <= 0) return null;
  return `M${cx - rx} ${cy}A${rx} ${ry} 0 1 0 ${cx + rx} ${cy}A${rx} ${ry} 0 1 0 ${cx - rx} ${cy}Z`;
}
