import { z } from "zod";
import { modelChoice, text } from "./requests/building-blocks";
import { trimmedTextMeta } from "./text";

/** The tile sizes game engines' tilesets use. */
export const tileSizes = [16, 32, 48, 64] as const;
export type TileSize = (typeof tileSizes)[number];

/**
 * "corners": the 16-tile corner (Wang) set, for terrain painted by corners (Tiled's corner sets,
 * Godot's "Match Corners"). "blob": the 47-tile blob set plus a tile of the lower terrain, for
 * terrain painted by cell (Tiled's mixed sets, Godot's "Match Corners and Sides").
 */
export const autotileKindValues = ["corners", "blob"] as const;
export type AutotileKindValue = (typeof autotileKindValues)[number];
export const autotileKindLabels: Record<AutotileKindValue, string> = {
  corners: "16 tiles · corner set",
  blob: "47 tiles · blob set",
};

const imageId = text({ error: "Choose an image." }).min(1, "Choose an image.").max(64);
const tileSize = z.union(
  tileSizes.map((size) => z.literal(size)),
  { error: `Choose a tile size: ${tileSizes.join(", ")}.` },
);

/** POST /api/objects/{id}/seamless-tile */
export const seamlessTileSchema = z.object({ imageId, tileSize: tileSize.default(32) });

/** POST /api/objects/{id}/autotile-set */
export const autotileSetSchema = z.object({
  imageId,
  lowerImageId: text({ error: "Choose the lower terrain's tile." })
    .min(1, "Choose the lower terrain's tile.")
    .max(64)
    .meta({ description: "A seamless tile (of another object) of the same size: the terrain the upper one lies on." }),
  kind: z.enum(autotileKindValues, { error: "Choose a corner set or a blob set." }).default("corners"),
});

/** GET /api/images/{id}/tileset.zip */
export const tilesetQuerySchema = z.object({
  for: z.enum(["tiled", "godot"], { error: "Choose tiled or godot." }).meta({
    description:
      "tiled: the PNG, a Tiled tileset (.tsx) with its Wang set and a sample map (.tmx); godot: the PNG and a Godot 4 TileSet (.tres).",
  }),
});

/** A tile's making, kept with its image: a seamless tile, or an autotile set over another tile. */
export interface TileParams {
  size: number;
  kind: "texture" | AutotileKindValue;
  lowerImageId?: string;
}

/** The side of a texture a model draws: square, wrapping, large enough to cut any tile from. */
export const TEXTURE_SIDE = 1024;
export const TEXTURE_WORDS_MAX = 200;

/** POST /api/objects/{id}/drawn-texture: a texture a model draws, made to wrap. */
export const drawnTextureSchema = z.object({
  words: text()
    .transform((words) => words.trim().replace(/\s+/g, " "))
    .pipe(
      z
        .string()
        .min(1, "Say what the texture is, or leave the words out.")
        .max(TEXTURE_WORDS_MAX, `Keep the texture's words under ${TEXTURE_WORDS_MAX} characters.`),
    )
    .meta(trimmedTextMeta(TEXTURE_WORDS_MAX))
    .optional()
    .meta({ description: "What the texture is (“mossy cobblestones”); the object's name when left out." }),
  model: modelChoice.optional(),
});
export type DrawnTextureInput = z.output<typeof drawnTextureSchema>;
