import { and, desc, eq } from "drizzle-orm";
import { drawingNotForModels, type DrawingChoice } from "#domain/drawings";
import { AppError } from "#domain/errors";
import { isPreview } from "#domain/preview";
import type { Database } from "../db/client.server";
import { images, styles } from "../db/schema";
import { styleSubjects } from "../generation/kinds/kind.server";
import { iconSets } from "../generation/preview/icon-sets.server";
import { seedFor, subjectPrompt } from "../generation/prompts";
import type { GenerateRequest } from "../generation/providers/provider";
import type { ObjectRecord } from "./object-records.server";

type ImageRecord = typeof images.$inferSelect;

/**
 * The image that says how the object is drawn: its cover, or its latest image while it has none.
 * Choosing a drawing is offered only when the preview engine made it (an AI model draws its own).
 */
export async function requirePreviewCover(db: Database, object: ObjectRecord): Promise<ImageRecord> {
  const [cover] = await db
    .select()
    .from(images)
    .where(and(eq(images.objectId, object.id), object.coverImageId ? eq(images.id, object.coverImageId) : undefined))
    .orderBy(desc(images.createdAt))
    .limit(1);
  if (!cover || !isPreview(cover.provider)) throw new AppError("conflict", drawingNotForModels);
  return cover;
}

/** The library drawing an image redraws, from its credit (which names the library, not its id). */
export function drawingOfCredit(credit: ImageRecord["credit"]): DrawingChoice | null {
  if (!credit) return null;
  const set = Object.values(iconSets).find((s) => s.name === credit.library);
  return set ? { set: set.id, icon: credit.icon } : null;
}

/**
 * The object's own generation request, as its kinds build one: its subject and words in its
 * style, the style's palette, the object's size, detail and background, and the subjects it is
 * drawn among. `seed` continues after its earlier images, as variations' seeds do.
 */
export async function objectDrawingRequest(
  db: Database,
  object: ObjectRecord,
  options: { imageCount: number },
): Promise<GenerateRequest> {
  const [style] = await db.select().from(styles).where(eq(styles.id, object.styleId));
  if (!style) throw new AppError("not_found", "No such object.");
  const neighbours = await styleSubjects({ db }, style.id);
  return {
    prompt: subjectPrompt({
      subject: object.name,
      extra: object.prompt,
      stylePrompt: style.prompt,
      transparent: object.transparent,
    }),
    size: object.size,
    detail: object.detail,
    transparent: object.transparent,
    references: [],
    seed: seedFor(style.seed, object.name, options.imageCount),
    n: 1,
    palette: style.palette,
    neighbours: neighbours.filter((name) => name !== object.name),
    drawing: object.drawing ?? null,
  };
}
