import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { preparedFor } from "../db/prepared.server";
import { generationJobs, images, styleReferences, styles } from "../db/schema";
import type { FileStorage } from "../storage/storage.server";

export type Style = typeof styles.$inferSelect;
export type StyleImage = typeof images.$inferSelect;

export { newId } from "../ids.server";

const stylesOfOwner = preparedFor((db) =>
  db
    .select()
    .from(styles)
    .where(eq(styles.ownerId, sql.placeholder("userId")))
    .orderBy(desc(styles.createdAt))
    .prepare("styles_of_owner"),
);

/** A user's own styles, newest first (built-in presets live in code: app/lib/presets.ts). */
export async function listStyles(db: Database, userId: string) {
  const rows = await stylesOfOwner(db).execute({ userId });
  const ids = rows.map((r) => r.id);
  const [anchorRows, jobRows, referenceRows] = ids.length
    ? await Promise.all([
        db
          .select()
          .from(images)
          .where(and(inArray(images.styleId, ids), eq(images.role, "anchor")))
          .orderBy(asc(images.createdAt), asc(images.position)),
        db
          .select()
          .from(generationJobs)
          // The card shows its samples' job; object jobs in the style show on the composer.
          .where(
            and(
              inArray(generationJobs.styleId, ids),
              eq(generationJobs.ownerId, userId),
              eq(generationJobs.kind, "style-samples"),
            ),
          )
          .orderBy(desc(generationJobs.createdAt)),
        db
          .select()
          .from(styleReferences)
          .where(inArray(styleReferences.styleId, ids))
          .orderBy(asc(styleReferences.position)),
      ])
    : [[], [], []];
  return rows.map((style) => ({
    ...style,
    anchors: anchorRows.filter((a) => a.styleId === style.id),
    latestJob: jobRows.find((j) => j.styleId === style.id) ?? null,
    references: referenceRows.filter((r) => r.styleId === style.id),
  }));
}

/** A user's styles by name only (the library's style filter): no images, jobs or references. */
export async function listStyleNames(db: Database, userId: string) {
  return db
    .select({ id: styles.id, name: styles.name })
    .from(styles)
    .where(eq(styles.ownerId, userId))
    .orderBy(desc(styles.createdAt));
}

export async function getOwnedStyle(db: Database, options: { userId: string; styleId: string }): Promise<Style | null> {
  const [style] = await db
    .select()
    .from(styles)
    .where(and(eq(styles.id, options.styleId), eq(styles.ownerId, options.userId)));
  return style ?? null;
}

/** Deletes a style, its images and references, and their files. */
export async function deleteStyle(
  db: Database,
  storage: FileStorage,
  options: { userId: string; styleId: string },
): Promise<boolean> {
  const [deleted] = await db
    .delete(styles)
    .where(and(eq(styles.id, options.styleId), eq(styles.ownerId, options.userId)))
    .returning({ id: styles.id });
  if (!deleted) return false;
  await storage.deletePrefix(styleFolder(options.userId, options.styleId));
  return true;
}

export function styleFolder(userId: string, styleId: string): string {
  return `users/${userId}/styles/${styleId}`;
}

export function userFolder(userId: string): string {
  return `users/${userId}`;
}
