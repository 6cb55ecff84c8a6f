import { createHash } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import type { FlatLook } from "#domain/looks";
import type { Database } from "../db/client.server";
import { styleReferences, styles } from "../db/schema";
import type { FileStorage } from "../storage/storage.server";
import { getLogger } from "../logger.server";
import type { ImageProvider, ReferenceImage } from "./providers/provider";
import { readReferences } from "./references.server";

/** The most references a provider's style is learned from. */
const MAX_STYLE_REFERENCES = 5;

/** Which learned style fits: the provider, its model, the look and exactly these references. */
export function providerStyleKey(
  provider: Pick<ImageProvider, "id" | "model">,
  look: FlatLook | null,
  references: ReferenceImage[],
) {
  const hash = createHash("sha256");
  for (const reference of references.slice(0, MAX_STYLE_REFERENCES)) hash.update(reference.data);
  return `${provider.id}:${provider.model}:${look ?? "any"}:${hash.digest("hex").slice(0, 16)}`;
}

/**
 * The style as the provider learned it from the user's reference images (capabilities.customStyle):
 * the one kept with the style, or learned now and kept, so it is made once per set of references
 * (its samples are not among them: they change as the style is drawn). Without references, or
 * when the provider cannot learn it, nothing: the images are drawn from words.
 */
export async function providerStyleFor(
  ctx: { db: Database; storage: FileStorage },
  options: {
    provider: ImageProvider;
    style: { id: string; providerStyles: Record<string, string> };
    look: FlatLook | null;
    signal?: AbortSignal;
  },
): Promise<string | undefined> {
  const { provider, style, look } = options;
  if (!provider.capabilities.customStyle || !provider.createStyle) return undefined;
  const files = await ctx.db
    .select({ fileKey: styleReferences.fileKey })
    .from(styleReferences)
    .where(eq(styleReferences.styleId, style.id))
    .orderBy(asc(styleReferences.position))
    .limit(MAX_STYLE_REFERENCES);
  if (files.length === 0) return undefined;
  const references = await readReferences(
    ctx.storage,
    files.map((file) => ({ ...file, format: "png" })),
  );
  const key = providerStyleKey(provider, look, references);
  if (style.providerStyles[key]) return style.providerStyles[key];
  try {
    const ref = await provider.createStyle({ references, look, signal: options.signal });
    await ctx.db
      .update(styles)
      .set({ providerStyles: sql`${styles.providerStyles} || jsonb_build_object(${key}::text, ${ref}::text)` })
      .where(eq(styles.id, style.id));
    return ref;
  } catch (error) {
    if (options.signal?.aborted) throw error;
    getLogger().warn(
      { err: error, styleId: style.id, provider: provider.id },
      "The provider could not learn the style",
    );
    return undefined;
  }
}
