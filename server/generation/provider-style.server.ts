import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { FlatLook } from "#domain/looks";
import type { Database } from "../db/client.server";
import { styles } from "../db/schema";
import { getLogger } from "../logger.server";
import type { ImageProvider, ReferenceImage } from "./providers/provider";

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
 * The style as the provider learned it from its references (capabilities.customStyle): the one
 * kept with the style, or learned now and kept, so it is made once per set of references. Without
 * references, or when the provider cannot learn it, nothing: the images are drawn from words.
 */
export async function providerStyleFor(
  db: Database,
  options: {
    provider: ImageProvider;
    style: { id: string; providerStyles: Record<string, string> };
    look: FlatLook | null;
    references: ReferenceImage[];
    signal?: AbortSignal;
  },
): Promise<string | undefined> {
  const { provider, style, look, references } = options;
  if (!provider.capabilities.customStyle || !provider.createStyle || references.length === 0) return undefined;
  const key = providerStyleKey(provider, look, references);
  const [kept] = await db
    .select({ ref: sql<string | null>`${styles.providerStyles} ->> ${key}` })
    .from(styles)
    .where(eq(styles.id, style.id));
  if (kept?.ref) return kept.ref;
  try {
    const ref = await provider.createStyle({
      references: references.slice(0, MAX_STYLE_REFERENCES),
      look,
      signal: options.signal,
    });
    await db
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
