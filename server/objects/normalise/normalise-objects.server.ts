import { and, asc, eq } from "drizzle-orm";
import { AppError } from "#domain/errors";
import { flatLookOf } from "#domain/looks";
import type { IconGrid } from "#domain/icon-packages";
import type { NormaliseTreatment } from "#domain/image-lineage";
import { NORMALISE_MAX_OBJECTS, type NormaliseObjectsInput, type NormaliseObjectsReply } from "#domain/normalise";
import type { Database } from "../../db/client.server";
import { images } from "../../db/schema";
import { renderVector } from "../../generation/providers/recraft-results.server";
import { defaultPadding, iconSvg, measureIcon, type MeasuredIcon } from "../../icons/icon-svg.server";
import { NOT_AN_ICON } from "../../icons/icon-set.server";
import { asLineIcons, mainColour } from "../../icons/line-icons.server";
import { deriveObjectImage, type DerivedImageDeps } from "../derived-images.server";
import { selectExportObjects } from "../export-zip.server";
import { mapBounded, svgOf, TRACE_CONCURRENCY } from "../image-svg.server";
import { updateObject } from "../object-commands.server";
import { opticalPlan } from "./optical-size";

type ImageRecord = typeof images.$inferSelect;

/** The chosen objects of the workspace with their styles, oldest first; every id asked for must be one of them. */
async function chosenObjects(db: Database, workspaceId: string, input: NormaliseObjectsInput) {
  const rows = await selectExportObjects(db, { workspaceId, selection: { ...input, images: "cover" } });
  if (input.ids && rows.length < new Set(input.ids).size) throw new AppError("not_found", "No such objects.");
  if (rows.length > NORMALISE_MAX_OBJECTS)
    throw new AppError(
      "conflict",
      `These are ${rows.length} objects; normalise at most ${NORMALISE_MAX_OBJECTS} at once: select fewer.`,
    );
  return rows;
}

/**
 * The image to normalise: the object's cover (its first image when it has none yet), or, when the
 * cover is itself normalised, the image that was, so a set normalised again starts from the drawn
 * artwork and the same treatment finds the image made then.
 */
async function sourceOf(db: Database, object: { id: string; coverImageId: string | null }) {
  const [cover] = await db
    .select()
    .from(images)
    .where(and(eq(images.objectId, object.id), object.coverImageId ? eq(images.id, object.coverImageId) : undefined))
    .orderBy(asc(images.createdAt))
    .limit(1);
  if (cover?.operation !== "normalised" || !cover.parentImageId) return cover ?? null;
  const [parent] = await db.select().from(images).where(eq(images.id, cover.parentImageId));
  return parent ?? cover;
}

type Chosen = Awaited<ReturnType<typeof chosenObjects>>[number];
type Measured = { object: Chosen; source: ImageRecord; palette: string[]; icon: MeasuredIcon };

/**
 * A set, a selection or a style's objects brought to one treatment, now and free: each cover's
 * SVG (a vector model's original, or traced in its flat look) on one grid with one padding, its
 * artwork brought to the set's one optical size, every stroke at one width with round caps and
 * joins, its colours the palette's. The normalised SVG is kept as the new image's original with
 * the PNG rendered from it at the cover's size; that image, with the lineage "normalised", becomes
 * the cover, and the old one stays among the object's images to go back to.
 */
export async function normaliseObjects(
  deps: DerivedImageDeps,
  options: { workspaceId: string; input: NormaliseObjectsInput },
): Promise<NormaliseObjectsReply> {
  const { workspaceId, input } = options;
  const chosen = await chosenObjects(deps.db, workspaceId, input);
  const skipped: NormaliseObjectsReply["skipped"] = [];
  const found = await mapBounded(chosen, TRACE_CONCURRENCY, async (object): Promise<Measured | null> => {
    const source = await sourceOf(deps.db, object);
    if (!source) {
      skipped.push({ objectId: object.id, reason: "It has no image yet." });
      return null;
    }
    // A recoloured cover keeps its new colours: they are its palette now.
    const palette = source.operationParams?.palette ?? object.stylePalette;
    const look = flatLookOf({ presetId: object.stylePresetId, description: object.styleDescription });
    const svg = await svgOf(deps, source, { look, palette });
    if (!svg) {
      skipped.push({ objectId: object.id, reason: NOT_AN_ICON });
      return null;
    }
    return { object, source, palette, icon: await measureIcon(svg) };
  });
  const icons = found.filter((f): f is Measured => f !== null);
  const grid = input.grid;
  const padding = input.padding ?? defaultPadding(grid);
  const { treatment, heights } = opticalPlan(
    icons.map((i) => i.icon),
    { grid, padding, strokeWidth: input.strokeWidth },
  );
  const lines = await lineArtAsStrokes(icons, { grid, padding, heights, treatment });
  const reply: NormaliseObjectsReply = { treatment, normalised: [], skipped };
  // One at a time: each is quick, and the machine is shared with whatever else runs.
  for (const [index, { object, source, palette, icon }] of icons.entries()) {
    const { image, existing } = await deriveObjectImage(
      deps,
      { workspaceId, objectId: object.id, imageId: source.id },
      { operation: "normalised", params: { normalise: treatment }, suffix: "-normalised", hasAlpha: true },
      async () => {
        const svg =
          lines[index] ??
          (await iconSvg(icon, {
            grid,
            padding,
            height: heights[index],
            singleColour: false,
            palette,
            ...(treatment.strokeWidth !== null ? { strokeWidth: treatment.strokeWidth } : {}),
          }));
        const data = await renderVector(svg, source.width, source.height);
        return { data, width: source.width, height: source.height, svg };
      },
    );
    await updateObject(deps.db, { workspaceId, objectId: object.id, changes: { coverImageId: image.id } });
    reply.normalised.push({ objectId: object.id, image, existing });
  }
  return reply;
}

/**
 * A line look's traced covers (outlines) as centre lines at the set's one stroke width: the width
 * asked for or measured from drawn strokes, else the traced lines' median, which the treatment
 * then records. Null for the others, and for a drawing whose lines would not cover it.
 */
async function lineArtAsStrokes(
  icons: Measured[],
  plan: { grid: IconGrid; padding: number; heights: number[]; treatment: NormaliseTreatment },
): Promise<(string | null)[]> {
  const traced = icons.flatMap((measured, index) =>
    flatLookOf({ presetId: measured.object.stylePresetId, description: measured.object.styleDescription }) === "line" &&
    !measured.source.svgKey
      ? [{ measured, index }]
      : [],
  );
  const found: (string | null)[] = icons.map(() => null);
  if (traced.length === 0) return found;
  const outlines = await Promise.all(
    traced.map(async ({ measured, index }) => {
      const fitted = { grid: plan.grid, padding: plan.padding, height: plan.heights[index] };
      const [svg, colourSvg] = await Promise.all([
        iconSvg(measured.icon, { ...fitted, singleColour: true }),
        iconSvg(measured.icon, { ...fitted, singleColour: false, palette: measured.palette }),
      ]);
      return { svg, colour: mainColour(colourSvg, measured.palette[0] ?? "#000000") };
    }),
  );
  const lines = await asLineIcons(outlines, plan.grid, plan.treatment.strokeWidth ?? undefined);
  if (plan.treatment.strokeWidth === null && lines.strokeWidth !== null) plan.treatment.strokeWidth = lines.strokeWidth;
  // Brought to its height again: a stroked line's caps do not end exactly where its outline did.
  await Promise.all(
    lines.icons.map(async (line, i) => {
      if (!line) return;
      const { measured, index } = traced[i]!;
      found[index] = await iconSvg(line.colourSvg, {
        grid: plan.grid,
        padding: plan.padding,
        height: plan.heights[index],
        singleColour: false,
        palette: measured.palette,
        strokeWidth: lines.strokeWidth!,
      });
    }),
  );
  return found;
}
