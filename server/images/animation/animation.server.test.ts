import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { animationActions } from "#domain/animation";
import { painting } from "../../../tests/support/pixel-fixtures";
import { alignDrawnFrames, animateDrawing, opaqueBox } from "./frames.server";
import { animatedGif, animatedWebp, sheetPng, sheetRow } from "./sheet.server";
import { asepriteJson, godotSpriteFrames, texturePackerJson, type SheetLayout } from "./sheet-files";

/** A knight-ish drawing that is not symmetric, so a mirror can be told from the original. */
async function drawing() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
    <rect x="180" y="120" width="150" height="300" rx="30" fill="#8b9bb4"/>
    <rect x="330" y="200" width="120" height="30" fill="#feae34"/>
    <circle cx="255" cy="100" r="60" fill="#e8b796"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A frame as a model might draw it: the figure anywhere on a 1024 canvas, at any size. */
async function drawnFrame(at: { x: number; y: number; scale: number; colour?: string }) {
  const figure = await sharp(await drawing())
    .resize(Math.round(512 * at.scale))
    .png()
    .toBuffer();
  return sharp({ create: { width: 1024, height: 1024, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: figure, left: at.x, top: at.y }])
    .png()
    .toBuffer();
}

describe("animations", () => {
  it("aligns frames a model drew anywhere on its canvas: one cell and scale, one baseline, one centre line, the west mirrored", async () => {
    const row = await Promise.all([
      drawnFrame({ x: 40, y: 30, scale: 1 }),
      drawnFrame({ x: 400, y: 300, scale: 0.9 }),
      drawnFrame({ x: 200, y: 480, scale: 1.05 }),
      drawnFrame({ x: 10, y: 100, scale: 0.95 }),
    ]);
    const east = await Promise.all([drawnFrame({ x: 300, y: 200, scale: 1 }), drawnFrame({ x: 0, y: 0, scale: 1 })]);
    const { cell, frames, directions } = await alignDrawnFrames(
      [row.slice(0, 2), east, row.slice(2), [row[0]!, row[3]!]],
      {
        directions: 4,
        mirror: false,
      },
    );
    expect([cell, directions]).toEqual([256, ["s", "e", "n", "w"]]);
    const boxes = frames.flat().map((frame) => opaqueBox(frame)!);
    const bottoms = boxes.map((b) => b.bottom);
    const middles = boxes.map((b) => (b.left + b.right) / 2);
    expect(Math.max(...bottoms) - Math.min(...bottoms)).toBeLessThanOrEqual(1);
    expect(Math.max(...middles) - Math.min(...middles)).toBeLessThanOrEqual(2);
    // One scale: the figure drawn at 1.05 stays taller than the one drawn at 0.9.
    const height = (b: (typeof boxes)[number]) => b.bottom - b.top;
    expect(height(boxes[4]!)).toBeGreaterThan(height(boxes[1]!));
    expect(Math.max(...boxes.map((b) => b.top))).toBeGreaterThanOrEqual(0);

    const mirrored = await alignDrawnFrames([[row[0]!], east.slice(0, 1), [row[1]!]], {
      directions: 4,
      mirror: true,
      colours: 8,
    });
    const [e, w] = [mirrored.frames[1]![0]!, mirrored.frames[3]![0]!];
    for (let y = 0; y < cell; y++) {
      for (let x = 0; x < cell; x++) {
        const at = (y * cell + x) * 4;
        const flipped = (y * cell + cell - 1 - x) * 4;
        if (w.data[at + 3] !== e.data[flipped + 3]) throw new Error(`not mirrored at ${x},${y}`);
      }
    }
    const colours = new Set<number>();
    for (const frame of mirrored.frames.flat()) {
      for (let p = 0; p < frame.data.length; p += 4) {
        if (frame.data[p + 3]) colours.add((frame.data[p]! << 16) | (frame.data[p + 1]! << 8) | frame.data[p + 2]!);
      }
    }
    expect(colours.size).toBeLessThanOrEqual(8);
  });

  it("puts every frame of every action on one canvas, its feet on one baseline and its middle on one line", async () => {
    const source = await drawing();
    for (const action of animationActions) {
      const { cell, frames } = await animateDrawing(source, { action, frames: 8, directions: 1 });
      expect(cell).toBe(256);
      const boxes = frames[0]!.map((frame) => {
        expect([frame.width, frame.height]).toEqual([cell, cell]);
        return opaqueBox(frame)!;
      });
      const bottoms = boxes.map((b) => b.bottom);
      const middles = boxes.map((b) => (b.left + b.right) / 2);
      expect(Math.max(...bottoms) - Math.min(...bottoms), action).toBeLessThanOrEqual(1);
      expect(Math.max(...middles) - Math.min(...middles), action).toBeLessThanOrEqual(2);
      // It moves: not every frame is the same picture.
      expect(new Set(frames[0]!.map((f) => Buffer.from(f.data).toString("base64"))).size, action).toBeGreaterThan(1);
    }
  });

  it("draws 8 directions on one canvas, the west side the mirror of the east", async () => {
    const { directions, frames } = await animateDrawing(await drawing(), { action: "walk", frames: 4, directions: 8 });
    expect(directions).toEqual(["s", "se", "e", "ne", "n", "nw", "w", "sw"]);
    const row = (direction: string) => frames[directions.indexOf(direction as never)]!;
    for (const [west, east] of [
      ["w", "e"],
      ["nw", "ne"],
      ["sw", "se"],
    ] as const) {
      for (let f = 0; f < 4; f++) {
        const mirror = await sharp(Buffer.from(row(east)[f]!.data), { raw: { width: 256, height: 256, channels: 4 } })
          .flop()
          .raw()
          .toBuffer();
        expect(Buffer.from(row(west)[f]!.data).equals(mirror), `${west} against ${east}, frame ${f}`).toBe(true);
      }
    }
    const baselines = frames.flat().map((f) => opaqueBox(f)!.bottom);
    expect(Math.max(...baselines) - Math.min(...baselines)).toBeLessThanOrEqual(1);
  });

  it("shares one palette of at most N colours across every frame", async () => {
    const { frames } = await animateDrawing(await painting(512), {
      action: "idle",
      frames: 6,
      directions: 4,
      colours: 8,
    });
    const colours = new Set<number>();
    const alphas = new Set<number>();
    for (const frame of frames.flat()) {
      for (let i = 0; i < frame.data.length; i += 4) {
        alphas.add(frame.data[i + 3]!);
        if (frame.data[i + 3]) colours.add((frame.data[i]! << 16) | (frame.data[i + 1]! << 8) | frame.data[i + 2]!);
      }
    }
    expect([...alphas].sort((a, b) => a - b)).toEqual([0, 255]);
    expect(colours.size).toBeGreaterThan(2);
    expect(colours.size).toBeLessThanOrEqual(8);
  });

  it("packs a sheet whose JSON rectangles hold each frame, and a GIF with the frames at the chosen delay", async () => {
    const animation = await animateDrawing(await drawing(), { action: "walk", frames: 6, directions: 4 });
    const sheet = await sheetPng(animation);
    expect([sheet.width, sheet.height]).toEqual([6 * 256, 4 * 256]);
    const layout: SheetLayout = {
      name: "knight",
      action: "walk",
      directions: animation.directions,
      frames: 6,
      cell: 256,
      fps: 10,
      loop: true,
      image: "knight-walk.png",
    };
    const aseprite = asepriteJson(layout);
    expect(Object.keys(aseprite.frames)).toHaveLength(24);
    expect(aseprite.meta.frameTags).toEqual([
      { name: "walk-s", from: 0, to: 5, direction: "forward" },
      { name: "walk-e", from: 6, to: 11, direction: "forward" },
      { name: "walk-n", from: 12, to: 17, direction: "forward" },
      { name: "walk-w", from: 18, to: 23, direction: "forward" },
    ]);
    const { data } = await sharp(sheet.data).raw().toBuffer({ resolveWithObject: true });
    Object.values(aseprite.frames).forEach(({ frame: rect, duration }, i) => {
      expect(duration).toBe(100);
      expect(rect.x + rect.w).toBeLessThanOrEqual(sheet.width);
      expect(rect.y + rect.h).toBeLessThanOrEqual(sheet.height);
      const frame = animation.frames[Math.floor(i / 6)]![i % 6]!;
      for (const [x, y] of [
        [128, 200],
        [100, 150],
        [200, 230],
      ] as const) {
        const at = ((rect.y + y) * sheet.width + rect.x + x) * 4;
        expect([...data.subarray(at, at + 4)]).toEqual([
          ...frame.data.subarray((y * 256 + x) * 4, (y * 256 + x) * 4 + 4),
        ]);
      }
    });
    expect(texturePackerJson(layout).animations["walk-w"]).toEqual(
      [0, 1, 2, 3, 4, 5].map((f) => `knight-walk-w-${f}.png`),
    );

    const godot = godotSpriteFrames(layout);
    expect(godot).toMatch(/^\[gd_resource type="SpriteFrames" load_steps=26 format=3\]/);
    for (const direction of ["s", "e", "n", "w"]) expect(godot).toContain(`"name": &"walk_${direction}"`);
    expect(godot.match(/\[sub_resource type="AtlasTexture"/g)).toHaveLength(24);
    expect(godot).toContain('"speed": 10.0');

    const row = await sheetRow(sheet.data, { cell: 256, frames: 6, row: 1 });
    const gif = await sharp(await animatedGif(row, { fps: 10, loop: true }), { animated: true }).metadata();
    // The encoder merges a frame equal to the one before it into a longer delay: the same playback.
    expect(gif.pages).toBeLessThanOrEqual(6);
    expect(gif.pages).toBeGreaterThan(1);
    expect(gif.delay!.reduce((sum, ms) => sum + ms, 0)).toBe(600);
    for (const ms of gif.delay!) expect(ms % 100).toBe(0);
    expect(gif.loop).toBe(0);

    // The WebP keeps every frame with its alpha, played once when asked.
    const webp = await animatedWebp(row, { fps: 10, loop: false });
    const meta = await sharp(webp, { animated: true }).metadata();
    expect([meta.format, meta.width, meta.pageHeight, meta.loop, meta.hasAlpha]).toEqual(["webp", 256, 256, 1, true]);
    expect(meta.delay!.reduce((sum, ms) => sum + ms, 0)).toBe(600);
    // Lossless: every visible pixel as it was (a clear pixel's colour is not kept, nor seen).
    const frame = await sharp(webp, { page: 0 }).ensureAlpha().raw().toBuffer();
    const sent = row[0]!.data;
    let differing = 0;
    for (let p = 0; p < sent.length; p += 4) {
      const same = sent[p + 3] === 0 ? frame[p + 3] === 0 : frame.subarray(p, p + 4).equals(sent.subarray(p, p + 4));
      if (!same) differing++;
    }
    expect(differing).toBe(0);
  });
});
