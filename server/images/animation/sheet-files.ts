import type { AnimationAction, Direction } from "#domain/animation";

/** An animation sheet's layout: one row per direction, one column per frame, every cell `cell` px. */
export interface SheetLayout {
  name: string;
  action: AnimationAction;
  directions: Direction[];
  frames: number;
  cell: number;
  fps: number;
  loop: boolean;
  image: string;
}

const frameName = (sheet: SheetLayout, direction: Direction, frame: number) =>
  `${sheet.name}-${sheet.action}-${direction}-${frame}`;

function frameRects(sheet: SheetLayout) {
  return sheet.directions.flatMap((direction, row) =>
    Array.from({ length: sheet.frames }, (_, frame) => ({
      name: frameName(sheet, direction, frame),
      direction,
      rect: { x: frame * sheet.cell, y: row * sheet.cell, w: sheet.cell, h: sheet.cell },
    })),
  );
}

const size = (sheet: SheetLayout) => ({ w: sheet.frames * sheet.cell, h: sheet.directions.length * sheet.cell });

/**
 * Aseprite's JSON (hash) for the sheet: every frame with its rectangle and duration, and a frame tag
 * per direction ("walk-s": from, to, forward or ping-pong) — what Phaser's `load.aseprite` and the
 * Aseprite importers of Godot and Unity read.
 */
export function asepriteJson(sheet: SheetLayout) {
  const duration = Math.round(1000 / sheet.fps);
  const rects = frameRects(sheet);
  return {
    frames: Object.fromEntries(
      rects.map(({ name, rect }) => [
        name,
        {
          frame: rect,
          rotated: false,
          trimmed: false,
          spriteSourceSize: { x: 0, y: 0, w: rect.w, h: rect.h },
          sourceSize: { w: rect.w, h: rect.h },
          duration,
        },
      ]),
    ),
    meta: {
      app: "https://www.aseprite.org/",
      version: "1.3",
      image: sheet.image,
      format: "RGBA8888",
      size: size(sheet),
      scale: "1",
      frameTags: sheet.directions.map((direction, row) => ({
        name: `${sheet.action}-${direction}`,
        from: row * sheet.frames,
        to: row * sheet.frames + sheet.frames - 1,
        direction: "forward",
      })),
      layers: [{ name: sheet.name, opacity: 255, blendMode: "normal" }],
      slices: [],
    },
  };
}

/** TexturePacker's JSON hash for the sheet: Phaser's `load.atlas` and PixiJS's `Assets.load` read it; animations list the frames per direction. */
export function texturePackerJson(sheet: SheetLayout) {
  const rects = frameRects(sheet);
  return {
    frames: Object.fromEntries(
      rects.map(({ name, rect }) => [
        `${name}.png`,
        {
          frame: rect,
          rotated: false,
          trimmed: false,
          spriteSourceSize: { x: 0, y: 0, w: rect.w, h: rect.h },
          sourceSize: { w: rect.w, h: rect.h },
        },
      ]),
    ),
    animations: Object.fromEntries(
      sheet.directions.map((direction) => [
        `${sheet.action}-${direction}`,
        rects.filter((r) => r.direction === direction).map((r) => `${r.name}.png`),
      ]),
    ),
    meta: { app: "Motif", version: "1.0", image: sheet.image, format: "RGBA8888", size: size(sheet), scale: "1" },
  };
}

/**
 * A Godot 4 SpriteFrames resource (.tres) over the sheet (`res://<image>` beside it): one animation
 * per direction, named by action and direction ("walk_s"), each frame an AtlasTexture region.
 */
export function godotSpriteFrames(sheet: SheetLayout): string {
  const rects = frameRects(sheet);
  const atlases = rects.map(
    ({ rect }, i) =>
      `[sub_resource type="AtlasTexture" id="AtlasTexture_${i}"]\natlas = ExtResource("1_sheet")\nregion = Rect2(${rect.x}, ${rect.y}, ${rect.w}, ${rect.h})\n`,
  );
  const animations = sheet.directions.map((direction) => {
    const frames = rects
      .map((r, i) => ({ ...r, i }))
      .filter((r) => r.direction === direction)
      .map((r) => `{\n"duration": 1.0,\n"texture": SubResource("AtlasTexture_${r.i}")\n}`);
    return `{\n"frames": [${frames.join(", ")}],\n"loop": ${sheet.loop},\n"name": &"${sheet.action}_${direction}",\n"speed": ${sheet.fps.toFixed(1)}\n}`;
  });
  return [
    `[gd_resource type="SpriteFrames" load_steps=${rects.length + 2} format=3]`,
    ``,
    `[ext_resource type="Texture2D" path="res://${sheet.image}" id="1_sheet"]`,
    ``,
    ...atlases,
    `[resource]`,
    `animations = [${animations.join(", ")}]`,
    ``,
  ].join("\n");
}
