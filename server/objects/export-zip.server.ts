import { once } from "node:events";
import type { Writable } from "node:stream";
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { AppError } from "#domain/errors";
import { flatLookOf } from "#domain/looks";
import { isPreview, previewTexts } from "#domain/preview";
import { creditLine, type ImageCredit } from "#domain/objects";
import type { Database } from "../db/client.server";
import { images, objects, styles } from "../db/schema";
import type { FileStorage } from "../storage/storage.server";
import { mapBounded, svgOf, TRACE_CONCURRENCY, type SvgOptions } from "./image-svg.server";
import { zipStream } from "./zip-stream.server";

export type ExportSelection = { ids?: string[]; setId?: string; styleId?: string; images: "cover" | "all" };

/** A file name part: lower-case words joined by hyphens. */
export function slugify(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "image"
  );
}

/** The user's objects a selection names, oldest first; none → not_found. */
export async function selectExportObjects(db: Database, options: { workspaceId: string; selection: ExportSelection }) {
  const { selection } = options;
  const which: SQL | undefined = selection.ids
    ? inArray(objects.id, selection.ids)
    : selection.setId
      ? eq(objects.setId, selection.setId)
      : eq(objects.styleId, selection.styleId!);
  const rows = await db
    .select({
      id: objects.id,
      name: objects.name,
      prompt: objects.prompt,
      coverImageId: objects.coverImageId,
      styleName: styles.name,
      stylePresetId: styles.presetId,
      styleDescription: styles.description,
      stylePalette: styles.palette,
    })
    .from(objects)
    .innerJoin(styles, eq(styles.id, objects.styleId))
    .where(and(eq(objects.ownerId, options.workspaceId), which))
    .orderBy(asc(objects.createdAt), asc(objects.id));
  if (rows.length === 0) throw new AppError("not_found", "No such objects.");
  return rows;
}

/** An exported object's images: its cover (or its first image), or all of them, oldest first. */
export async function exportedImages(
  db: Database,
  object: { id: string; coverImageId: string | null },
  which: "cover" | "all",
) {
  return db
    .select()
    .from(images)
    .where(
      and(
        eq(images.objectId, object.id),
        which === "cover" && object.coverImageId ? eq(images.id, object.coverImageId) : sql`true`,
      ),
    )
    .orderBy(asc(images.createdAt), asc(images.position))
    .limit(which === "cover" ? 1 : 1000);
}

/**
 * Streams a ZIP of the objects' images (the cover of each, or all variants) and a
 * manifest into `out`. One file is open at a time and the archive follows the
 * reader's pace, so memory stays flat however large the set.
 */
export async function writeObjectsZip(
  deps: { db: Database; storage: FileStorage },
  options: {
    objects: Awaited<ReturnType<typeof selectExportObjects>>;
    images: "cover" | "all";
    /** Also an SVG of each image whose style is flat (others have none: see domain/looks.ts). */
    svg?: boolean;
    out: Writable;
    /** Hears how many image files (PNGs and SVGs) the archive will hold, before any is written. */
    onPlanned?: (files: number) => void;
  },
): Promise<void> {
  // A reader that goes away aborts `gone`, and the loop below stops.
  const { archive, gone, delivered } = await zipStream(options.out);
  const used = new Set<string>();
  const unique = (name: string, ext: string) => {
    let candidate = `${name}.${ext}`;
    for (let n = 2; used.has(candidate); n++) candidate = `${name}-${n}.${ext}`;
    used.add(candidate);
    return candidate;
  };
  const manifest = [];
  const credits: { file: string; credit: ImageCredit }[] = [];
  const chosen = [];
  for (const object of options.objects) {
    const look = options.svg
      ? flatLookOf({ presetId: object.stylePresetId, description: object.styleDescription })
      : null;
    const rows = await exportedImages(deps.db, object, options.images);
    const svg = { look, palette: object.stylePalette } satisfies SvgOptions;
    // A native vector original always travels with its PNG; a trace only when SVGs are asked for.
    chosen.push({ object, rows, svg, withSvg: rows.filter((image) => image.svgKey || look) });
  }
  options.onPlanned?.(chosen.reduce((sum, { rows, withSvg }) => sum + rows.length + withSvg.length, 0));
  // The SVGs are traced a few at a time ahead of the archive, which takes each when it gets there.
  const traced = tracedAhead(
    deps,
    chosen.flatMap(({ withSvg, svg }) => withSvg.map((image) => ({ image, svg }))),
    gone,
  );
  for (const { object, rows, withSvg } of chosen) {
    const files = [];
    for (const [i, image] of rows.entries()) {
      gone.throwIfAborted();
      const stored = await deps.storage.get(image.fileKey);
      if (!stored) continue;
      const base = `${slugify(object.styleName)}-${slugify(object.name)}${rows.length > 1 ? `-${i + 1}` : ""}`;
      const name = unique(base, image.format);
      archive.append(stored.stream, { name, date: image.createdAt });
      // Wait until this entry is written before opening the next file.
      try {
        await once(archive, "entry", { signal: gone });
      } catch (error) {
        // The file being read goes too, not only the archive.
        stored.stream.destroy();
        throw error;
      }
      let svgName: string | undefined;
      if (withSvg.includes(image)) {
        const svg = await traced.get(image.fileKey);
        if (svg) {
          svgName = unique(base, "svg");
          archive.append(svg, { name: svgName, date: image.createdAt });
          await once(archive, "entry", { signal: gone });
        }
      }
      files.push({
        file: name,
        ...(svgName ? { svg: svgName } : {}),
        width: image.width,
        height: image.height,
        seed: image.seed,
        size: image.size,
        detail: image.detail,
        transparent: image.transparent,
        prompt: image.prompt,
        provider: image.provider,
        model: image.model,
        // Said in words, so no one takes a preview for a model's work.
        ...(isPreview(image.provider) ? { madeBy: previewTexts.software } : {}),
        // An open-library icon's licence travels with the file (and in ATTRIBUTION.txt).
        ...(image.credit ? { drawnFrom: image.credit } : {}),
      });
      if (image.credit) credits.push({ file: name, credit: image.credit });
    }
    manifest.push({ name: object.name, style: object.styleName, extraPrompt: object.prompt, images: files });
  }
  archive.append(JSON.stringify({ exportedAt: new Date().toISOString(), objects: manifest }, null, 2), {
    name: "manifest.json",
  });
  if (credits.length) archive.append(attributionText(credits), { name: "ATTRIBUTION.txt" });
  gone.throwIfAborted();
  await archive.finalize();
  await delivered;
}

/**
 * Starts tracing the images (bounded, in order) and answers, for each image's file key, a promise
 * of its SVG. A failure stops the tracing and rejects every SVG not yet made.
 */
function tracedAhead(
  deps: { storage: FileStorage },
  jobs: { image: { fileKey: string; svgKey: string | null }; svg: SvgOptions }[],
  gone: AbortSignal,
) {
  const waiting = new Map(jobs.map(({ image }) => [image.fileKey, Promise.withResolvers<string | null>()]));
  const all = mapBounded(
    jobs,
    TRACE_CONCURRENCY,
    async ({ image, svg }) => {
      gone.throwIfAborted();
      return svgOf(deps, image, svg);
    },
    (svg, index) => waiting.get(jobs[index]!.image.fileKey)!.resolve(svg),
  );
  all.catch((error: unknown) => {
    for (const { promise, reject } of waiting.values()) {
      promise.catch(() => {});
      reject(error);
    }
  });
  return { get: (fileKey: string) => waiting.get(fileKey)?.promise ?? Promise.resolve(null) };
}

/** What the open libraries' licences ask of whoever shares these files: each file's source, then each library's credit. */
export function attributionText(credits: { file: string; credit: ImageCredit }[]): string {
  const libraries = new Map(credits.map(({ credit }) => [credit.library, credit]));
  return [
    "Some images in this archive are preview drawings redrawn from open icon libraries.",
    "Their licences ask that the credit below goes with them when you share them.",
    "",
    ...credits.map(({ file, credit }) => `${file}: ${creditLine(credit)}`),
    "",
    ...[...libraries.values()].map(
      (credit) => `${credit.library}: ${credit.attribution}. Licence: ${credit.licenceUrl}`,
    ),
    "",
  ].join("\n");
}
