// An icon SVG as the shapes it paints: each with its path, its transform on the grid, and whether
// it is filled, stroked or both. Paint is inherited as in SVG (attributes and inline styles).
import { XMLParser } from "fast-xml-parser";
import { type Matrix, multiply, numbers, parseTransform, shapePath } from "./svg-geometry";

export interface Stroke {
  width: number;
  cap: "butt" | "round" | "square";
  join: "miter" | "round" | "bevel";
  miterLimit: number;
}

export interface Drawable {
  /** Path data in the element's own coordinates. */
  d: string;
  /** From the element's coordinates to the grid's (0..grid on both axes). */
  matrix: Matrix;
  fill: "nonzero" | "evenodd" | null;
  stroke: Stroke | null;
}

interface Paint {
  fill: string;
  fillRule: string;
  stroke: string;
  strokeWidth: string;
  cap: string;
  join: string;
  miterLimit: string;
  hidden: boolean;
}

type XmlNode = Record<string, unknown> & { ":@"?: Record<string, string> };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  // An icon has no entities worth expanding; refusing them keeps a hostile SVG small.
  processEntities: false,
  removeNSPrefix: true,
});

const shapes = new Set(["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]);
const containers = new Set(["svg", "g", "a", "switch"]);
const inherited: Paint = {
  fill: "black",
  fillRule: "nonzero",
  stroke: "none",
  strokeWidth: "1",
  cap: "butt",
  join: "miter",
  miterLimit: "4",
  hidden: false,
};

/** The shapes an icon SVG paints, mapped onto a square grid of `grid` units. */
export function svgDrawables(svg: string, grid: number): Drawable[] {
  const root = (parser.parse(svg) as XmlNode[]).find((node) => "svg" in node);
  if (!root) throw new Error("It is not an SVG document.");
  const attributes = root[":@"] ?? {};
  const drawables: Drawable[] = [];
  walk(root, viewBoxMatrix(attributes, grid), inherited, drawables, true);
  return drawables;
}

/** The root viewBox fitted, centred, into 0..grid: an icon on another grid still fills the em. */
function viewBoxMatrix(attributes: Record<string, string>, grid: number): Matrix {
  const box = numbers(attributes.viewBox ?? "");
  const [x, y, w, h] =
    box.length === 4
      ? box
      : [0, 0, Number.parseFloat(attributes.width ?? "") || grid, Number.parseFloat(attributes.height ?? "") || grid];
  if (!(w! > 0 && h! > 0)) throw new Error("Its viewBox is empty.");
  const scale = grid / Math.max(w!, h!);
  return [scale, 0, 0, scale, (grid - w! * scale) / 2 - x! * scale, (grid - h! * scale) / 2 - y! * scale];
}

function walk(node: XmlNode, matrix: Matrix, parent: Paint, out: Drawable[], isRoot = false): void {
  const tag = Object.keys(node).find((key) => key !== ":@") ?? "";
  const attributes = node[":@"] ?? {};
  const paint = paintOf(attributes, parent);
  if (paint.hidden) return;
  // The root's transform is its viewBox, already applied; a nested svg moves by its x and y.
  const own = isRoot
    ? matrix
    : tag === "svg"
      ? multiply(matrix, [1, 0, 0, 1, Number(attributes.x ?? 0) || 0, Number(attributes.y ?? 0) || 0])
      : multiply(matrix, parseTransform(attributes.transform));
  if (containers.has(tag)) {
    for (const child of (node[tag] as XmlNode[] | undefined) ?? []) walk(child, own, paint, out);
    return;
  }
  if (!shapes.has(tag)) return; // defs, title, clip paths and the like paint nothing themselves
  const d = shapePath(tag, attributes);
  if (!d) return;
  const filled = paint.fill !== "none" && tag !== "line";
  const width = Number.parseFloat(paint.strokeWidth) || 0;
  const stroked = paint.stroke !== "none" && width > 0;
  if (!filled && !stroked) return;
  out.push({
    d,
    matrix: own,
    fill: filled ? (paint.fillRule === "evenodd" ? "evenodd" : "nonzero") : null,
    stroke: stroked
      ? {
          width,
          cap: oneOf(paint.cap, ["butt", "round", "square"] as const),
          join: paint.join === "miter-clip" ? "miter" : oneOf(paint.join, ["miter", "round", "bevel"] as const),
          miterLimit: Math.max(1, Number.parseFloat(paint.miterLimit) || 4),
        }
      : null,
  });
}

function oneOf<T extends string>(value: string, allowed: readonly T[]): T {
  return (allowed as readonly string[]).includes(value) ? (value as T) : allowed[0]!;
}

/** Presentation attributes, then the inline style over them, then what the parent had. */
function paintOf(attributes: Record<string, string>, parent: Paint): Paint {
  const own: Record<string, string> = { ...attributes };
  for (const declaration of (attributes.style ?? "").split(";")) {
    const [name, ...value] = declaration.split(":");
    if (name && value.length) own[name.trim()] = value.join(":").trim();
  }
  const pick = (name: string, fallback: string) => {
    const value = own[name]?.trim();
    return value && value !== "inherit" ? value : fallback;
  };
  const invisible =
    own.display === "none" ||
    own.visibility === "hidden" ||
    own.visibility === "collapse" ||
    Number.parseFloat(own.opacity ?? "1") === 0;
  return {
    fill: transparent(own["fill-opacity"]) ? "none" : pick("fill", parent.fill),
    fillRule: pick("fill-rule", parent.fillRule),
    stroke: transparent(own["stroke-opacity"]) ? "none" : pick("stroke", parent.stroke),
    strokeWidth: pick("stroke-width", parent.strokeWidth),
    cap: pick("stroke-linecap", parent.cap),
    join: pick("stroke-linejoin", parent.join),
    miterLimit: pick("stroke-miterlimit", parent.miterLimit),
    hidden: parent.hidden || invisible,
  };
}

const transparent = (opacity: string | undefined) => opacity !== undefined && Number.parseFloat(opacity) === 0;
