import type { Writable } from "node:stream";
import { flatLookOf, type FlatLook } from "#domain/looks";
import type { Database } from "../db/client.server";
import type { FileStorage } from "../storage/storage.server";
import { exportedImages, slugify, type selectExportObjects } from "./export-zip.server";
import { mapBounded, svgOf, TRACE_CONCURRENCY } from "./image-svg.server";

/**
 * One traced SVG as a `<symbol>` of a sprite: its root's viewBox kept, its ids (gradients,
 * clip paths) and the references to them prefixed with the symbol's id, so symbols never collide.
 */
export function symbolOf(svg: string, id: string): string {
  const root = /<svg\b([^>]*)>([\s\S]*)<\/svg>\s*$/.exec(svg.trim());
  if (!root) throw new Error("Not an SVG document");
  const attributes = root[1]!;
  const viewBox =
    /\bviewBox="([^"]+)"/.exec(attributes)?.[1] ??
    `0 0 ${/\bwidth="([\d.]+)"/.exec(attributes)?.[1] ?? 0} ${/\bheight="([\d.]+)"/.exec(attributes)?.[1] ?? 0}`;
  const body = root[2]!
    .replace(/\bid="([^"]+)"/g, (_, name: string) => `id="${id}-${name}"`)
    .replace(/url\(#([^)]+)\)/g, (_, name: string) => `url(#${id}-${name})`)
    .replace(
      /\b(xlink:)?href="#([^"]+)"/g,
      (_, xlink: string | undefined, name: string) => `${xlink ?? ""}href="#${id}-${name}"`,
    );
  return `<symbol id="${id}" viewBox="${viewBox}">${body}</symbol>`;
}

/** An object a sprite leaves out, and why, in words for the person choosing. */
export interface LeftOut {
  id: string;
  name: string;
  reason: string;
}

type ExportObject = Awaited<ReturnType<typeof selectExportObjects>>[number];
type Traceable = { object: ExportObject; cover: { fileKey: string; svgKey: string | null }; look: FlatLook | null };

/**
 * Which of the objects an SVG sprite can hold (a cover in a flat style: icons, line art, pixel
 * art) and which it leaves out, with why: known before anything is traced, so the export
 * dialog says it before the download is asked for.
 */
export async function svgSpritePlan(
  db: Database,
  objects: ExportObject[],
): Promise<{ traceable: Traceable[]; leftOut: LeftOut[] }> {
  const traceable: Traceable[] = [];
  const leftOut: LeftOut[] = [];
  for (const object of objects) {
    const look = flatLookOf({ presetId: object.stylePresetId, description: object.styleDescription });
    const [cover] = await exportedImages(db, object, "cover");
    // A cover a vector model drew is its own SVG, whatever the style's look.
    if (cover && (look || cover.svgKey)) traceable.push({ object, cover, look });
    else
      leftOut.push({ id: object.id, name: object.name, reason: look || !cover ? NO_IMAGE : notFlat(object.styleName) });
  }
  return { traceable, leftOut };
}

const NO_IMAGE = "It has no image yet.";
const notFlat = (styleName: string) =>
  `Its style, ${styleName}, is not flat (icons, line art, pixel art): only flat styles trace to a faithful SVG.`;
export const NONE_TRACEABLE =
  "None of these objects is in a flat style (icons, line art, pixel art), so none has an SVG to put in a sprite.";

/**
 * Writes an SVG sprite of the traceable objects' covers into `out`: one `<symbol>` per object,
 * with the object's name as its id, for `<svg><use href="sprite.svg#health-potion"/></svg>`.
 * Covers are traced a few at a time (each kept beside its image, so the next export reuses it)
 * and each symbol is written as soon as it and those before it are done, so a reader can count
 * the symbols that have arrived to show progress. Stops when `out` is destroyed.
 */
export async function writeSvgSprite(
  deps: { storage: FileStorage },
  options: { traceable: Traceable[]; singleColour: boolean; out: Writable },
): Promise<void> {
  const { out } = options;
  const used = new Set<string>();
  const ids = options.traceable.map(({ object }) => {
    let id = slugify(object.name);
    for (let n = 2; used.has(id); n++) id = `${slugify(object.name)}-${n}`;
    used.add(id);
    return id;
  });
  out.write('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" style="display:none">');
  const done: (string | null | undefined)[] = new Array(ids.length);
  let written = 0;
  await mapBounded(
    options.traceable,
    TRACE_CONCURRENCY,
    async ({ object, cover, look }, index) => {
      if (out.destroyed) throw new Error("The reader went away");
      const svg = await svgOf(deps, cover, {
        look,
        palette: object.stylePalette,
        singleColour: options.singleColour,
      });
      return svg === null ? null : symbolOf(svg, ids[index]!);
    },
    (symbol, index) => {
      done[index] = symbol;
      // In order: each symbol once it and every one before it are ready.
      while (written < done.length && done[written] !== undefined) {
        const next = done[written];
        if (next) out.write(next);
        written++;
      }
    },
  );
  out.end("</svg>\n");
}
