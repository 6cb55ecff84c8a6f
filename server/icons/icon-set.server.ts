import { flatLookOf } from "#domain/looks";
import { componentName, uniqueIconNames } from "#domain/icon-names";
import type { IconGrid } from "#domain/icon-packages";
import type { ImageCredit } from "#domain/objects";
import type { Database } from "../db/client.server";
import { exportedImages, selectExportObjects, type ExportSelection } from "../objects/export-zip.server";
import { mapBounded, svgOf, TRACE_CONCURRENCY } from "../objects/image-svg.server";
import type { FileStorage } from "../storage/storage.server";
import { iconSvg } from "./icon-svg.server";
import { asLineIcons, mainColour } from "./line-icons.server";

/** One icon of a set, ready for every package: its names and its SVG in one colour and in the palette's. */
export interface SetIcon {
  /** Kebab-case, unique in the set: file names, Iconify names, CSS classes. */
  name: string;
  /** PascalCase with "Icon": the component's name. */
  component: string;
  /** The object's own name, for titles and the README. */
  title: string;
  /** Every fill and stroke `currentColor`, on the grid. */
  svg: string;
  /** In the style's palette, on the grid. */
  colourSvg: string;
  credit: ImageCredit | null;
}

export interface IconSet {
  icons: SetIcon[];
  /** Objects that could not become icons, with why. */
  leftOut: { name: string; reason: string }[];
  grid: IconGrid;
}

export const NOT_AN_ICON =
  "Its style is not flat (icons, line art, pixel art) and no vector model drew it, so it has no faithful SVG.";

/**
 * The chosen objects' covers as icons on `grid`: each cover's SVG (a vector model's original, or
 * traced in its flat style), fitted to the grid's live area with no background, in `currentColor`
 * and in the palette. A few are made at once, as the SVG exports do.
 */
export async function loadIconSet(
  deps: { db: Database; storage: FileStorage },
  options: { workspaceId: string; selection: Omit<ExportSelection, "images">; grid: IconGrid },
): Promise<IconSet> {
  const objects = await selectExportObjects(deps.db, {
    workspaceId: options.workspaceId,
    selection: { ...options.selection, images: "cover" },
  });
  const leftOut: IconSet["leftOut"] = [];
  const chosen = [];
  for (const object of objects) {
    const look = flatLookOf({ presetId: object.stylePresetId, description: object.styleDescription });
    const [cover] = await exportedImages(deps.db, object, "cover");
    if (!cover) leftOut.push({ name: object.name, reason: "It has no image yet." });
    else if (!look && !cover.svgKey) leftOut.push({ name: object.name, reason: NOT_AN_ICON });
    else chosen.push({ object, cover, look });
  }
  const names = uniqueIconNames(chosen.map(({ object }) => object.name));
  const made = await mapBounded(chosen, TRACE_CONCURRENCY, async ({ object, cover, look }, index) => {
    const source = await svgOf(deps, cover, { look, palette: object.stylePalette });
    if (!source) return null;
    const fit = { grid: options.grid, palette: object.stylePalette };
    const [svg, colourSvg] = await Promise.all([
      iconSvg(source, { ...fit, singleColour: true }),
      iconSvg(source, { ...fit, singleColour: false }),
    ]);
    const name = names[index]!;
    return { name, component: componentName(name), title: object.name, svg, colourSvg, credit: cover.credit };
  });
  await drawLinesAsStrokes(made, chosen, options.grid);
  const icons = made.filter((icon): icon is SetIcon => icon !== null);
  return { icons, leftOut, grid: options.grid };
}

/**
 * A line style's traced icons (outlines, not strokes) become centre lines at one stroke width
 * across the set; icons a vector model drew keep their own paths.
 */
async function drawLinesAsStrokes(
  icons: (SetIcon | null)[],
  chosen: { cover: { svgKey: string | null }; look: string | null; object: { stylePalette: string[] } }[],
  grid: IconGrid,
): Promise<void> {
  const traced = icons.flatMap((icon, i) =>
    icon && chosen[i]!.look === "line" && !chosen[i]!.cover.svgKey
      ? [{ icon, colour: mainColour(icon.colourSvg, chosen[i]!.object.stylePalette[0] ?? "#000000") }]
      : [],
  );
  if (traced.length === 0) return;
  const lines = await asLineIcons(
    traced.map(({ icon, colour }) => ({ svg: icon.svg, colour })),
    grid,
  );
  lines.icons.forEach((line, i) => {
    if (line) Object.assign(traced[i]!.icon, line);
  });
}
