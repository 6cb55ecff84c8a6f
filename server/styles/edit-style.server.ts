import { and, asc, eq } from "drizzle-orm";
import { AppError } from "#domain/errors";
import { paletteAfterDescription } from "#domain/palette";
import type { UpdateStyleInput } from "#domain/styles";
import type { Database } from "../db/client.server";
import { styleReferences, styles } from "../db/schema";
import type { FileStorage } from "../storage/storage.server";
import { DESCRIBE_OR_ADD_IMAGES } from "./create-style.server";
import { describeImages } from "./image-traits.server";
import { stylePromptOf } from "./style-prompt.server";
import { getOwnedStyle, type Style } from "./styles.server";

/**
 * Changes a style's name, description, palette or defaults, and rewrites its style
 * prompt to match. Its samples are left as they are: the style then shows them as
 * made for the earlier settings, and offers to make new ones or keep them.
 */
export async function editStyle(
  deps: { db: Database; storage: FileStorage },
  options: { workspaceId: string; styleId: string; changes: UpdateStyleInput },
): Promise<Style> {
  const { db } = deps;
  const current = await getOwnedStyle(db, options);
  if (!current) throw new AppError("not_found", "No such style.");
  let derivedDescription = current.derivedDescription;
  // A description taken away: the style's words come from its reference images, if it has any.
  if (options.changes.description === "" && !derivedDescription) {
    derivedDescription = await deriveDescription(deps, current.id);
    if (!derivedDescription) throw new AppError("bad_request", DESCRIBE_OR_ADD_IMAGES);
  }
  const [style] = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(styles)
      .where(and(eq(styles.id, current.id), eq(styles.ownerId, options.workspaceId)))
      .for("update");
    if (!locked) throw new AppError("not_found", "No such style.");
    // New words, colours not chosen by hand: the palette follows the words (docs/decisions/066).
    const { description } = options.changes;
    const followed =
      description !== undefined && !options.changes.palette && description.trim()
        ? paletteAfterDescription(locked, description)
        : null;
    const changes = { ...options.changes, ...(followed ? { palette: followed } : {}) };
    const next = { ...locked, ...changes, derivedDescription };
    return tx
      .update(styles)
      .set({ ...changes, derivedDescription, prompt: stylePromptOf(next), updatedAt: new Date() })
      .where(eq(styles.id, locked.id))
      .returning();
  });
  return style!;
}

/** The words read from a style's reference images, or null when it has none. */
export async function deriveDescription(
  deps: { db: Database; storage: FileStorage },
  styleId: string,
): Promise<string | null> {
  const refs = await deps.db
    .select({ fileKey: styleReferences.fileKey })
    .from(styleReferences)
    .where(eq(styleReferences.styleId, styleId))
    .orderBy(asc(styleReferences.position));
  const files = (await Promise.all(refs.map((r) => deps.storage.read(r.fileKey)))).filter((f): f is Buffer =>
    Boolean(f),
  );
  return files.length ? describeImages(files) : null;
}
