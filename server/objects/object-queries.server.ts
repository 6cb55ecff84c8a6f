import { actionSpeeds } from "#domain/animation";
import type { DrawingChoice } from "#domain/drawings";
import { presentImageLink, type ImageUrlSigner } from "../images/signed-urls.server";
import { asc, eq, sql, type SQL } from "drizzle-orm";
import type { ListObjectsQuery, ObjectDetail, ObjectPage, ObjectSummary } from "#domain/objects";
import type { DetailLevel, ImageSize } from "#domain/images";
import { AppError } from "#domain/errors";
import { isPreview } from "#domain/preview";
import { queryRows, type Database } from "../db/client.server";
import { images } from "../db/schema";
import { isPreviewModel, previewNotes } from "../generation/providers/offline.server";
import { CREATED_AT_KEY, decodeCursor, encodeCursor } from "../db/page-cursor.server";

/**
 * What the preview engine made of an image's prompt. Its reading is a pure function of
 * the prompt, so it is read again here rather than stored; only for images of the
 * engine version that reads prompts this way.
 */
function previewNotesOf(image: { provider: string; model: string; prompt: string }) {
  return isPreview(image.provider) && isPreviewModel(image.model) ? previewNotes(image.prompt, image.model) : null;
}

interface SummaryRow {
  id: string;
  drawing: DrawingChoice | null;
  name: string;
  prompt: string | null;
  style_id: string;
  style_name: string;
  style_default_model: string | null;
  set_id: string;
  size: ImageSize;
  detail: DetailLevel;
  transparent: boolean;
  cover_image_id: string | null;
  cover_id: string | null;
  cover_width: number | null;
  cover_height: number | null;
  cover_alpha: boolean | null;
  cover_provider: string | null;
  image_count: number | string;
  generating: boolean;
  made_by: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  sort_key: string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The cover is the chosen image, or the first one made while none is chosen. */
const summarySelect = sql`
  select o.id, o.name, o.prompt, o.style_id, s.name as style_name, s.default_model as style_default_model, o.set_id, o.size, o.detail, o.transparent,
    o.cover_image_id, o.drawing, c.id as cover_id, c.width as cover_width, c.height as cover_height, c.has_alpha as cover_alpha,
    c.provider as cover_provider,
    (select count(*) from images i where i.object_id = o.id) as image_count,
    exists (
      select 1 from generation_jobs j
      where j.owner_id = o.owner_id and j.status in ('queued', 'running')
        and (
          -- Its set is still making images of it (not only of the others)…
          (j.id = o.set_id and (select count(*) from images i where i.job_id = j.id and i.object_id = o.id)
            < (j.params->>'variations')::int)
          -- …or more variations of it are on their way.
          or (j.kind = 'variations' and j.params->>'objectId' = o.id)
        )
    ) as generating,
    (select a.email from auth_users a where a.id = o.created_by and o.created_by <> o.owner_id) as made_by,
    o.created_at, o.updated_at`;

/** The summary's joins over `objects` rows named `o` (the table, or one page of it). */
const coverJoinOver = (source: SQL) => sql`
  from ${source} o
  join styles s on s.id = o.style_id
  left join lateral (
    select i.id, i.width, i.height, i.has_alpha, i.provider from images i
    where i.object_id = o.id and (o.cover_image_id is null or i.id = o.cover_image_id)
    order by i.created_at, i.position limit 1
  ) c on true`;

const coverJoin = coverJoinOver(sql`objects`);

function presentSummary(row: SummaryRow, signer: ImageUrlSigner): ObjectSummary {
  return {
    id: row.id,
    name: row.name,
    style: { id: row.style_id, name: row.style_name, defaultModel: row.style_default_model },
    setId: row.set_id,
    size: row.size,
    detail: row.detail,
    transparent: row.transparent,
    cover: row.cover_id
      ? {
          id: row.cover_id,
          ...presentImageLink(signer, { kind: "image", id: row.cover_id }),
          width: row.cover_width!,
          height: row.cover_height!,
          hasAlpha: Boolean(row.cover_alpha),
          provider: row.cover_provider ?? "",
        }
      : null,
    imageCount: Number(row.image_count),
    generating: row.generating,
    madeBy: row.made_by,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** The key each sort pages by: a creation time to the microsecond, or a lower-cased name. */
const SORT_KEYS: Record<ListObjectsQuery["sort"], RegExp> = {
  newest: CREATED_AT_KEY,
  oldest: CREATED_AT_KEY,
  name: /^[^]{0,200}$/,
};

const cursorOf = (cursor: string | undefined, sort: ListObjectsQuery["sort"]) =>
  decodeCursor(cursor, {
    scope: sort,
    key: SORT_KEYS[sort],
    scopes: Object.keys(SORT_KEYS),
    describe: (other) => `This cursor pages the list sorted by ${other}, not by ${sort}: start again without it.`,
  });

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of the user's objects, filtered, searched and sorted, with a cursor for the next. */
export async function listObjects(
  db: Database,
  options: { workspaceId: string; query: ListObjectsQuery; signer: ImageUrlSigner },
): Promise<ObjectPage> {
  const { query } = options;
  // The sort key as text keeps microseconds, so rows made in the same millisecond still page apart.
  const key =
    query.sort === "name"
      ? sql`lower(o.name)`
      : sql`to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
  const after = cursorOf(query.cursor, query.sort);
  const filters: SQL[] = [sql`o.owner_id = ${options.workspaceId}`];
  if (query.styleId) filters.push(sql`o.style_id = ${query.styleId}`);
  if (query.setId) filters.push(sql`o.set_id = ${query.setId}`);
  if (query.q) filters.push(sql`o.name ilike ${`%${escapeLike(query.q)}%`}`);
  if (after) {
    filters.push(
      query.sort === "newest"
        ? sql`(${key}, o.id) < (${after[0]}, ${after[1]})`
        : sql`(${key}, o.id) > (${after[0]}, ${after[1]})`,
    );
  }
  const order = query.sort === "newest" ? sql`order by sort_key desc, id desc` : sql`order by sort_key asc, id asc`;
  // The page's rows are chosen first, so the cover, counts and progress are read for them only,
  // not for every object the filters keep.
  const pageRows = sql`(select o.*, ${key} as sort_key from objects o where ${sql.join(filters, sql` and `)} ${order} limit ${query.limit + 1})`;
  const rows = await queryRows<SummaryRow>(db, sql`${summarySelect}, o.sort_key ${coverJoinOver(pageRows)} ${order}`);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    objects: page.map((row) => presentSummary(row, options.signer)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(query.sort, last.sort_key, last.id) : null,
  };
}

/** One of the user's objects with all its images, or null (missing and someone else's look alike). */
export async function getObjectDetail(
  db: Database,
  options: { workspaceId: string; objectId: string; signer: ImageUrlSigner },
): Promise<ObjectDetail | null> {
  const [row] = await queryRows<SummaryRow>(
    db,
    sql`${summarySelect}, '' as sort_key ${coverJoin} where o.id = ${options.objectId} and o.owner_id = ${options.workspaceId}`,
  );
  if (!row) return null;
  const imageRows = await db
    .select({
      id: images.id,
      width: images.width,
      height: images.height,
      hasAlpha: images.hasAlpha,
      format: images.format,
      bytes: images.bytes,
      seed: images.seed,
      provider: images.provider,
      model: images.model,
      prompt: images.prompt,
      size: images.size,
      detail: images.detail,
      transparent: images.transparent,
      credits: images.credits,
      durationMs: images.durationMs,
      jobId: images.jobId,
      credit: images.credit,
      createdAt: images.createdAt,
      parentImageId: images.parentImageId,
      operation: images.operation,
      operationParams: images.operationParams,
      vector: sql<boolean>`${images.svgKey} is not null`,
    })
    .from(images)
    .where(eq(images.objectId, row.id))
    .orderBy(asc(images.createdAt), asc(images.position));
  return {
    ...presentSummary(row, options.signer),
    prompt: row.prompt,
    coverImageId: row.cover_id,
    drawing: row.drawing ?? null,
    // No storage keys: the image's URL instead.
    images: imageRows.map(({ parentImageId, operation, operationParams, ...image }) => ({
      ...image,
      ...presentImageLink(options.signer, { kind: "image", id: image.id }),
      createdAt: image.createdAt.toISOString(),
      previewNotes: previewNotesOf(image),
      lineage: {
        operation,
        parentImageId,
        factor: operationParams?.factor ?? null,
        method: operationParams?.method ?? null,
        view: operationParams?.view ?? null,
        instruction: operationParams?.instruction ?? null,
        sides: operationParams?.sides ?? null,
        palette: operationParams?.palette ?? null,
        normalise: operationParams?.normalise ?? null,
        pixelArt: operationParams?.pixelArt
          ? {
              ...operationParams.pixelArt,
              grid: Math.max(image.width, image.height),
              detected: operationParams.pixelArt.grid === "detect",
              customPalette: operationParams.pixelArt.customPalette ?? null,
            }
          : null,
        animation: operationParams?.animation
          ? {
              action: operationParams.animation.action,
              frames: operationParams.animation.frames,
              directions: operationParams.animation.directions,
              loop: operationParams.animation.loop,
              colours: operationParams.animation.colours ?? null,
              drawn: operationParams.animation.drawn ?? null,
              cell: image.height / operationParams.animation.directions,
              fps: actionSpeeds[operationParams.animation.action],
            }
          : null,
        tile: operationParams?.tile
          ? { ...operationParams.tile, lowerImageId: operationParams.tile.lowerImageId ?? null }
          : null,
      },
    })),
  };
}

/** One of the user's objects with its images, or not_found. */
export async function requireObjectDetail(
  db: Database,
  options: { workspaceId: string; objectId: string; signer: ImageUrlSigner },
) {
  const object = await getObjectDetail(db, options);
  if (!object) throw new AppError("not_found", "No such object.");
  return object;
}
