import {
  isPngBytes,
  NOT_A_PALETTE,
  paletteFromPixels,
  readPaletteText,
  type PaletteReading,
} from "#domain/palette-files";

/** Larger than any palette file or swatch image: refused before it is read. */
const MAX_PALETTE_BYTES = 512 * 1024;

/**
 * A palette file the person chose, read by its content, not its name: a PNG (by its signature) by
 * its swatches' colours, anything else as a palette's text (GIMP, JASC-PAL, Paint.NET, hex list).
 */
export async function readPaletteFile(file: File): Promise<PaletteReading> {
  if (file.size > MAX_PALETTE_BYTES) return { error: NOT_A_PALETTE };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!isPngBytes(bytes)) return readPaletteText(new TextDecoder().decode(bytes));
  try {
    const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
    const canvas = document.createElement("canvas");
    [canvas.width, canvas.height] = [bitmap.width, bitmap.height];
    const context = canvas.getContext("2d");
    if (!context) return { error: NOT_A_PALETTE };
    context.drawImage(bitmap, 0, 0);
    return paletteFromPixels(context.getImageData(0, 0, bitmap.width, bitmap.height).data);
  } catch {
    return { error: NOT_A_PALETTE };
  }
}
