import type * as Svgo from "svgo";
import type { CustomPlugin } from "svgo";
import { onFirstUse } from "../../runtime/on-first-use.server";

/** svgo, loaded by the first SVG cleaned (docs/decisions/130); icon-svg.server.ts uses it too. */
export const svgo = onFirstUse<typeof Svgo>("svgo");

/** What an SVG we serve may hold: shapes, paint and structure, nothing that runs or fetches. */
const ELEMENTS = new Set([
  "svg",
  "g",
  "path",
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "defs",
  "use",
  "symbol",
  "title",
  "desc",
  "linearGradient",
  "radialGradient",
  "stop",
  "clipPath",
  "mask",
  "style",
]);

const ATTRIBUTES = new Set([
  "xmlns",
  "xmlns:xlink",
  "version",
  "viewBox",
  "preserveAspectRatio",
  "width",
  "height",
  "id",
  "class",
  "d",
  "x",
  "y",
  "x1",
  "x2",
  "y1",
  "y2",
  "cx",
  "cy",
  "fx",
  "fy",
  "r",
  "rx",
  "ry",
  "points",
  "transform",
  "fill",
  "fill-opacity",
  "fill-rule",
  "stroke",
  "stroke-width",
  "stroke-opacity",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-miterlimit",
  "stroke-dasharray",
  "stroke-dashoffset",
  "opacity",
  "color",
  "clip-path",
  "clip-rule",
  "mask",
  "offset",
  "stop-color",
  "stop-opacity",
  "gradientUnits",
  "gradientTransform",
  "spreadMethod",
  "shape-rendering",
  "style",
  "href",
  "xlink:href",
]);

/** Only references inside the document: url(#id). */
function safeCss(text: string): boolean {
  const lower = text.toLowerCase();
  if (lower.includes("@import") || lower.includes("expression(") || lower.includes("javascript:")) return false;
  for (const match of lower.matchAll(/url\s*\(\s*(['"]?)([^)'"]*)\1\s*\)/g)) {
    if (!match[2]!.trim().startsWith("#")) return false;
  }
  // A url( the pattern above could not read is refused too.
  return (lower.match(/url\s*\(/g)?.length ?? 0) === [...lower.matchAll(/url\s*\(\s*(['"]?)([^)'"]*)\1\s*\)/g)].length;
}

function attributeProblem(name: string, value: string): string | null {
  if (!ATTRIBUTES.has(name)) return `attribute ${name}`;
  if (/javascript:|data:/i.test(value)) return `a script or data value in ${name}`;
  if ((name === "href" || name === "xlink:href") && !value.trim().startsWith("#")) return `an outside link in ${name}`;
  if (!safeCss(value)) return `an outside reference in ${name}`;
  return null;
}

/**
 * A svgo plugin that walks the parsed document against the allow-lists: it notes every
 * breach, and with `strip` also removes it (the element with its content, or the attribute).
 */
function allowList(problems: string[], strip: boolean): CustomPlugin {
  return {
    name: "motifAllowList",
    fn: () => ({
      doctype: { enter: () => void problems.push("a doctype") },
      instruction: { enter: () => void problems.push("a processing instruction") },
      element: {
        enter(node, parent) {
          const text = node.children.map((c) => (c.type === "text" || c.type === "cdata" ? c.value : "")).join("");
          if (!ELEMENTS.has(node.name) || (node.name === "style" && !safeCss(text))) {
            problems.push(node.name === "style" ? "a style sheet with outside references" : `element <${node.name}>`);
            if (strip) parent.children = parent.children.filter((child) => child !== node);
            return;
          }
          for (const [name, value] of Object.entries(node.attributes)) {
            const problem = attributeProblem(name, value);
            if (!problem) continue;
            problems.push(problem);
            if (strip) delete node.attributes[name];
          }
        },
      },
    }),
  };
}

export class UnsafeSvgError extends Error {
  constructor(readonly problems: string[]) {
    super(`The SVG holds what it may not: ${[...new Set(problems)].slice(0, 5).join(", ")}.`);
    this.name = "UnsafeSvgError";
  }
}

/** Parses the SVG and refuses it when anything is outside the allow-lists. */
export function assertSafeSvg(svg: string): void {
  const problems: string[] = [];
  try {
    svgo().optimize(svg, { plugins: [allowList(problems, false)] });
  } catch (error) {
    throw new UnsafeSvgError([`unreadable markup (${(error as Error).message.split("\n")[0]})`]);
  }
  if (problems.length) throw new UnsafeSvgError(problems);
}

/**
 * Optimises (svgo, several passes) and strips anything outside the allow-lists, then
 * parses the result again and refuses it unless it is clean: the strip is one parse,
 * the check another, so a trick that survives the first still has to pass the second.
 */
export function optimizeAndSanitizeSvg(svg: string, options: { precision: number }): string {
  const stripped: string[] = [];
  const { data } = svgo().optimize(svg, {
    multipass: true,
    floatPrecision: options.precision,
    plugins: ["preset-default", "removeScripts", "removeXlink", allowList(stripped, true)],
  });
  assertSafeSvg(data);
  return data;
}
