import { AppError } from "#domain/errors";
import { flatLookOf } from "#domain/looks";
import type { Database } from "../db/client.server";
import type { FileStorage } from "../storage/storage.server";
import { exportedImages, slugify, type selectExportObjects } from "./export-zip.server";
import { svgOf } from "./image-svg.server";

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

/**
 * An SVG sprite of the objects' covers: one `<symbol>` per object whose style is flat (icons, line
 * art, pixel art), with the object's name as its id, for `<svg><use href="sprite.svg#health-potion"/></svg>`.
 * Objects in other looks have no SVG and are left out; when none has one, the answer is 400.
 */
export async function svgSprite(
  deps: { db: Database; storage: FileStorage },
  objects: Awaited<ReturnType<typeof selectExportObjects>>,
): Promise<string> {
  const symbols: string[] = [];
  const used = new Set<string>();
  for (const object of objects) {
    const look = flatLookOf({ presetId: object.stylePresetId, description: object.styleDescription });
    if (!look) continue;
    const [cover] = await exportedImages(deps.db, object, "cover");
    const svg = cover ? await svgOf(deps, cover, look) : null;
    if (!svg) continue;
    let id = slugify(object.name);
    for (let n = 2; used.has(id); n++) id = `${slugify(object.name)}-${n}`;
    used.add(id);
    symbols.push(symbolOf(svg, id));
  }
  if (symbols.length === 0) {
    throw new AppError(
      "bad_request",
      "None of these objects is in a flat style (icons, line art, pixel art), so none has an SVG to put in a sprite.",
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" style="display:none">${symbols.join("")}</svg>\n`;
}
