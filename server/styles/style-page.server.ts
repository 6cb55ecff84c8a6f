import { and, count, eq } from "drizzle-orm";
import { OBJECTS_PAGE } from "#domain/objects";
import type { Database } from "../db/client.server";
import { objects } from "../db/schema";
import type { ImageUrlSigner } from "../images/signed-urls.server";
import { listObjects } from "../objects/object-queries.server";
import { presentStyle } from "./present-style.server";
import { getStyle, listStyleNames } from "./styles.server";

/**
 * What a style's own page shows: the style as the list has it, the newest objects made in it
 * (one library page; the library's style filter has the rest), how many there are, and the
 * workspace's other style names (a rename is told when it repeats one). Null when the style is
 * not the workspace's: missing and someone else's look alike.
 */
export async function loadStylePage(
  db: Database,
  options: { workspaceId: string; styleId: string; signer: ImageUrlSigner },
) {
  const { workspaceId, styleId, signer } = options;
  const style = await getStyle(db, { workspaceId: workspaceId, styleId });
  if (!style) return null;
  const [made, [counted], names] = await Promise.all([
    listObjects(db, { workspaceId: workspaceId, query: { styleId, sort: "newest", limit: OBJECTS_PAGE }, signer }),
    db
      .select({ total: count() })
      .from(objects)
      .where(and(eq(objects.ownerId, workspaceId), eq(objects.styleId, styleId))),
    listStyleNames(db, workspaceId),
  ]);
  return {
    style: presentStyle(style, signer),
    objects: made.objects,
    objectCount: counted?.total ?? made.objects.length,
    otherNames: names.filter((other) => other.id !== styleId).map((other) => other.name),
  };
}
