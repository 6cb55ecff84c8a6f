import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { preparedFor } from "../db/prepared.server";
import { type generationJobs, type images, styles } from "../db/schema";
import type { FileStorage } from "../storage/storage.server";
import { styleFolder } from "../storage/folders.server";
import type { ListStylesQuery } from "#domain/styles";
import { CREATED_AT_KEY, decodeCursor, encodeCursor } from "../db/page-cursor.server";

export type Style = typeof styles.$inferSelect;
export type StyleImage = typeof images.$inferSelect;

export { newId } from "../ids.server";

/** A sample image as a style's card shows it. */
interface AnchorItem {
  id: string;
  subject: string;
  width: number;
  height: number;
  hasAlpha: boolean;
  format: string;
  provider: string;
}

/** The latest sample job of a style, as its card shows it. */
interface SampleJobItem {
  id: string;
  status: (typeof generationJobs.$inferSelect)["status"];
  error: string | null;
  refunded: boolean;
  credits: number;
  refundedCredits: number;
}

const parseJson = <T>(value: unknown): T => JSON.parse(String(value)) as T;

/**
 * One statement for the whole list, or for one style (the subqueries name the outer row as `styles.…`: Drizzle
 * writes a lone table's columns without their table): each style with its samples, its latest sample job and its
 * references' ids, each as JSON beside the row (the columns a card shows, not whole records).
 */
const styleColumns = {
  ...getTableColumns(styles),
  anchors: sql<AnchorItem[]>`(
    select coalesce(json_agg(json_build_object('id', i.id, 'subject', i.subject, 'width', i.width,
      'height', i.height, 'hasAlpha', i.has_alpha, 'format', i.format, 'provider', i.provider)
      order by i.created_at, i.position), '[]')::text
    from images i where i.style_id = styles.id and i.role = 'anchor')`.mapWith(parseJson<AnchorItem[]>),
  // The card shows its samples' job; object jobs in the style show on the composer.
  latestJob: sql<SampleJobItem | null>`(
    select json_build_object('id', j.id, 'status', j.status, 'error', j.error, 'refunded', j.refunded,
      'credits', j.credits, 'refundedCredits', j.refunded_credits)::text
    from generation_jobs j
    where j.style_id = styles.id and j.owner_id = styles.owner_id and j.kind = 'style-samples'
    order by j.created_at desc limit 1)`.mapWith(parseJson<SampleJobItem | null>),
  references: sql<{ id: string }[]>`(
    select coalesce(json_agg(json_build_object('id', r.id) order by r.position), '[]')::text
    from style_references r where r.style_id = styles.id)`.mapWith(parseJson<{ id: string }[]>),
  // In a team's workspace, who made it (in one's own, nobody needs telling).
  madeBy: sql<string | null>`(
    select a.email from auth_users a where a.id = styles.created_by and styles.created_by <> styles.owner_id)`,
};

const stylesOfOwner = preparedFor((db) =>
  db
    .select(styleColumns)
    .from(styles)
    .where(eq(styles.ownerId, sql.placeholder("workspaceId")))
    .orderBy(desc(styles.createdAt))
    .prepare("styles_of_owner"),
);

const styleOfOwner = preparedFor((db) =>
  db
    .select(styleColumns)
    .from(styles)
    .where(and(eq(styles.ownerId, sql.placeholder("workspaceId")), eq(styles.id, sql.placeholder("styleId"))))
    .prepare("style_of_owner"),
);

const createdAtKey = sql<string>`to_char(${styles.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

/** A page of the user's styles, newest first, with a cursor for the next (GET /api/styles). */
export async function listStylesPage(db: Database, options: { workspaceId: string; query: ListStylesQuery }) {
  const { query } = options;
  const after = decodeCursor(query.cursor, { scope: "styles", key: CREATED_AT_KEY, scopes: ["styles"] });
  const rows = await db
    .select({ ...styleColumns, sortKey: createdAtKey })
    .from(styles)
    .where(
      and(
        eq(styles.ownerId, options.workspaceId),
        after ? sql`(${createdAtKey}, ${styles.id}) < (${after[0]}, ${after[1]})` : undefined,
      ),
    )
    .orderBy(desc(createdAtKey), desc(styles.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    styles: page,
    nextCursor: rows.length > query.limit && last ? encodeCursor("styles", last.sortKey, last.id) : null,
  };
}

/** One of the user's styles, as the list has it; null when there is none (or it is someone else's). */
export async function getStyle(db: Database, options: { workspaceId: string; styleId: string }) {
  const [style] = await styleOfOwner(db).execute(options);
  return style ?? null;
}

/** A user's own styles, newest first (built-in presets live in code: app/lib/ui/presets.ts). */
export async function listStyles(db: Database, workspaceId: string) {
  return stylesOfOwner(db).execute({ workspaceId });
}

/** A user's styles by name only (the library's style filter): no images, jobs or references. */
export async function listStyleNames(db: Database, workspaceId: string) {
  return db
    .select({ id: styles.id, name: styles.name })
    .from(styles)
    .where(eq(styles.ownerId, workspaceId))
    .orderBy(desc(styles.createdAt));
}

export async function getOwnedStyle(
  db: Database,
  options: { workspaceId: string; styleId: string },
): Promise<Style | null> {
  const [style] = await db
    .select()
    .from(styles)
    .where(and(eq(styles.id, options.styleId), eq(styles.ownerId, options.workspaceId)));
  return style ?? null;
}

/** Deletes a style, its images and references, and their files. */
export async function deleteStyle(
  db: Database,
  storage: FileStorage,
  options: { workspaceId: string; styleId: string },
): Promise<boolean> {
  const [deleted] = await db
    .delete(styles)
    .where(and(eq(styles.id, options.styleId), eq(styles.ownerId, options.workspaceId)))
    .returning({ id: styles.id });
  if (!deleted) return false;
  await storage.deletePrefix(styleFolder(options.workspaceId, options.styleId));
  return true;
}
