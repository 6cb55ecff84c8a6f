import { randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { DetailLevel, ImageSize } from "#domain/images";
import type { StylePreset } from "#domain/presets";
import type { Transaction } from "../credits/credits.server";
import { styles } from "../db/schema";
import { styleSystemPrompt } from "../generation/prompts";
import { newId } from "../ids.server";
import { paletteFromDescription } from "#domain/palette";
import { createStyleSchema } from "#domain/styles";

/** What a new style starts with. */
const newStyleDefaults = createStyleSchema
  .pick({ defaultSize: true, defaultDetail: true, defaultTransparent: true })
  .parse({});

/** A style as generation needs it: which it is, its model, and what its images are made at by default. */
export const styleSettingsColumns = {
  id: styles.id,
  name: styles.name,
  defaultModel: styles.defaultModel,
  defaultSize: styles.defaultSize,
  defaultDetail: styles.defaultDetail,
  defaultTransparent: styles.defaultTransparent,
};

export interface StyleSettings {
  id: string;
  name: string;
  defaultModel: string | null;
  defaultSize: ImageSize;
  defaultDetail: DetailLevel;
  defaultTransparent: boolean;
}

/**
 * The user's own style made from a preset, made the first time it is used from the
 * composer (without sample images: the styles page offers to make them). One per user
 * and preset; concurrent first uses agree on the same row.
 */
export async function ensurePresetStyle(
  tx: Transaction,
  options: {
    workspaceId: string;
    preset: StylePreset;
    /** What its images are made at by default; a new style's defaults where left out. */
    defaults: { size?: ImageSize; detail?: DetailLevel; transparent?: boolean };
  },
): Promise<StyleSettings> {
  const { workspaceId, preset } = options;
  const defaults = {
    size: options.defaults.size ?? newStyleDefaults.defaultSize,
    detail: options.defaults.detail ?? newStyleDefaults.defaultDetail,
    transparent: options.defaults.transparent ?? newStyleDefaults.defaultTransparent,
  };
  const palette = paletteFromDescription(preset.description);
  await tx
    .insert(styles)
    .values({
      id: newId(),
      ownerId: workspaceId,
      presetId: preset.id,
      name: preset.name,
      source: "text",
      description: preset.description,
      prompt: styleSystemPrompt({ description: preset.description, palette }),
      palette,
      seed: randomInt(1, 2 ** 31 - 1),
      defaultSize: defaults.size,
      defaultDetail: defaults.detail,
      defaultTransparent: defaults.transparent,
    })
    .onConflictDoNothing({ target: [styles.ownerId, styles.presetId] });
  const [style] = await tx
    .select(styleSettingsColumns)
    .from(styles)
    .where(and(eq(styles.ownerId, workspaceId), eq(styles.presetId, preset.id)));
  return style!;
}
