import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { objects, styles } from "../db/schema";

/** A style's palette, for the pixel-art panel's "the style's palette" (empty when it has none). */
export async function stylePalette(db: Database, options: { workspaceId: string; styleId: string }): Promise<string[]> {
  const [style] = await db
    .select({ palette: styles.palette })
    .from(styles)
    .where(and(eq(styles.id, options.styleId), eq(styles.ownerId, options.workspaceId)));
  return style?.palette ?? [];
}

/** The palette of an object's style: what its pixel art and its tiles are drawn in (empty when it has none). */
export async function objectStylePalette(db: Database, objectId: string | null): Promise<string[]> {
  const [style] = await db
    .select({ palette: styles.palette })
    .from(objects)
    .innerJoin(styles, eq(styles.id, objects.styleId))
    .where(eq(objects.id, objectId ?? ""));
  return style?.palette ?? [];
}
