import sharp from "sharp";
import { AppError } from "#domain/errors";
import { classicPalettes } from "#domain/classic-palettes";
import { pixelGrid, type PixelArtInput, type PixelArtParams } from "#domain/pixel-art";
import { gridSize, toCells, type Cells } from "./cells";
import { detectGrid } from "./detect-grid";
import { rgbOf } from "./oklab";
import { addOutline } from "./outline";
import { coloursOf, darkest, snapToPalette } from "./palette-fit";

export interface PixelArt {
  data: Buffer;
  width: number;
  height: number;
  params: PixelArtParams;
}

/**
 * An image as true pixel art: on a native grid (`grid` cells along the longer side, or the grid it
 * was drawn on, detected), every pixel fully clear or fully opaque, its colours at most `colours`,
 * all from the chosen palette, optionally outlined. A PNG at native size: one pixel a cell.
 */
export async function pixelate(
  original: Buffer,
  options: Pick<PixelArtInput, "grid" | "palette" | "colours" | "outline" | "customPalette"> & {
    stylePalette: readonly string[];
  },
): Promise<PixelArt> {
  const { data, info } = await sharp(original).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const image = { data, width: info.width, height: info.height };
  const detected = options.grid === "detect";
  const grid = options.grid === "detect" ? detectGrid(image, pixelGrid) : options.grid;
  if (grid === null) {
    throw new AppError(
      "bad_request",
      `This image is not drawn on a pixel grid of ${pixelGrid.min} to ${pixelGrid.max} pixels; choose a grid size instead.`,
    );
  }
  const cells = toCells(image, gridSize(image, grid), detected);
  const palette = paletteFor(cells, options);
  if (palette.length > 0) snapToPalette(cells, palette);
  if (options.outline && palette.length > 0) addOutline(cells, darkest(palette));
  return {
    data: await encode(cells),
    width: cells.width,
    height: cells.height,
    params: { grid, detected, palette: options.palette, colours: options.colours, outline: options.outline },
  };
}

/** The colours the cells may take: the chosen palette, cut to the `colours` that suit the image best. */
function paletteFor(
  cells: Cells,
  options: Pick<PixelArtInput, "palette" | "colours" | "customPalette"> & { stylePalette: readonly string[] },
) {
  if (options.palette === "image") return coloursOf(cells, options.colours);
  const named =
    options.palette === "style"
      ? options.stylePalette
      : options.palette === "custom"
        ? (options.customPalette ?? [])
        : classicPalettes[options.palette].colours;
  const palette = named.map(rgbOf);
  if (palette.length <= options.colours) return palette;
  // More colours on offer than allowed: the image's own best colours, each then moved onto the palette.
  const wanted = coloursOf(cells, options.colours);
  const probe: Cells = {
    width: wanted.length,
    height: 1,
    colour: Uint8Array.from(wanted.flat()),
    opaque: new Uint8Array(wanted.length).fill(1),
  };
  snapToPalette(probe, palette);
  const kept = new Set<string>();
  for (let i = 0; i < wanted.length; i++) kept.add(Array.from(probe.colour.subarray(i * 3, i * 3 + 3)).join());
  return [...kept].map((key) => key.split(",").map(Number) as [number, number, number]);
}

function encode(cells: Cells): Promise<Buffer> {
  const rgba = Buffer.alloc(cells.width * cells.height * 4);
  for (let c = 0; c < cells.opaque.length; c++) {
    if (!cells.opaque[c]) continue;
    rgba.set(cells.colour.subarray(c * 3, c * 3 + 3), c * 4);
    rgba[c * 4 + 3] = 255;
  }
  return sharp(rgba, { raw: { width: cells.width, height: cells.height, channels: 4 } })
    .png()
    .toBuffer();
}

/** The image enlarged `scale` times by whole pixels: every pixel becomes a `scale` × `scale` square. */
export async function scaleByWholePixels(original: Buffer, scale: number): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(original).metadata();
  return sharp(original)
    .resize({ width: width * scale, height: height * scale, kernel: "nearest", fit: "fill" })
    .png()
    .toBuffer();
}
