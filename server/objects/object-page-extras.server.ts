import type { Database } from "../db/client.server";
import { stylePalette } from "./style-palette.server";
import { styleLook } from "./svg-export.server";
import { seamlessTilesOf } from "./tile-images.server";

/**
 * What the object page offers beside the object, read side by side: the style's flat look (SVG is
 * offered for flat styles only; null hides its download), its palette (pixel art in the style's
 * colours) and the workspace's seamless tiles (the grounds an autotile set can lie over).
 */
export async function objectPageExtras(db: Database, options: { workspaceId: string; styleId: string }) {
  const [svgLook, palette, tiles] = await Promise.all([
    styleLook(db, options),
    stylePalette(db, options),
    seamlessTilesOf(db, options.workspaceId),
  ]);
  return { svgLook, stylePalette: palette, tiles };
}
