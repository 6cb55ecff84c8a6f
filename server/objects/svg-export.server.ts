import { and, eq } from "drizzle-orm";
import { AppError } from "#domain/errors";
import { flatLookOf, SVG_NOT_OFFERED, type FlatLook } from "#domain/looks";
import type { Database } from "../db/client.server";
import { images, objects, styles } from "../db/schema";
import type { FileStorage } from "../storage/storage.server";
import { slugify } from "./export-zip.server";
import { svgOf } from "./image-svg.server";

/** The style's flat look, for the object page's SVG download (null: no SVG offered). */
export async function styleLook(
  db: Database,
  options: { workspaceId: string; styleId: string },
): Promise<FlatLook | null> {
  const [style] = await db
    .select({ presetId: styles.presetId, description: styles.description })
    .from(styles)
    .where(and(eq(styles.id, options.styleId), eq(styles.ownerId, options.workspaceId)));
  return style ? flatLookOf(style) : null;
}

/**
 * One of the user's images as SVG (in its palette, or in `currentColor`), with a file name;
 * its native vector original when a vector model drew it; not_found for someone else's, conflict
 * when it has no original and its style is not flat.
 */
export async function imageSvgDownload(
  deps: { db: Database; storage: FileStorage },
  options: { workspaceId: string; imageId: string; singleColour?: boolean },
): Promise<{ svg: string; fileName: string }> {
  const [row] = await deps.db
    .select({
      fileKey: images.fileKey,
      svgKey: images.svgKey,
      presetId: styles.presetId,
      description: styles.description,
      palette: styles.palette,
      styleName: styles.name,
      objectName: objects.name,
    })
    .from(images)
    .innerJoin(styles, eq(styles.id, images.styleId))
    .leftJoin(objects, eq(objects.id, images.objectId))
    .where(and(eq(images.id, options.imageId), eq(images.ownerId, options.workspaceId)));
  if (!row) throw new AppError("not_found", "No such image.");
  const look = flatLookOf(row);
  if (!look && !row.svgKey) throw new AppError("conflict", SVG_NOT_OFFERED);
  const singleColour = options.singleColour ?? false;
  const svg = await svgOf(deps, row, { look, palette: row.palette, singleColour });
  if (!svg) throw new AppError("not_found", "No such image.");
  const name = `${slugify(row.styleName)}-${slugify(row.objectName ?? "image")}${singleColour ? "-single-colour" : ""}`;
  return { svg, fileName: `${name}.svg` };
}
