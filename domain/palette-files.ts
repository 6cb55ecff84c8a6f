/**
 * Palette files as pixel artists share them (Lospec and the editors' own formats), read by what
 * they hold, not by their names: a GIMP palette ("GIMP Palette" first), a JASC-PAL palette (Paint
 * Shop Pro, Aseprite: "JASC-PAL", "0100", a count), a Paint.NET palette (AARRGGBB lines, ";"
 * comments) or a plain list of hex colours (Lospec's .hex). A PNG of swatches is an image: the
 * browser reads its colours (`paletteFromPixels`).
 */

export const CUSTOM_PALETTE = { min: 2, max: 256 } as const;
export const NOT_A_PALETTE =
  "This file is not a palette: upload a .hex, .gpl, .pal or Paint.NET .txt palette, or a PNG of its swatches.";

export type PaletteReading = { colours: string[] } | { error: string };

const hex = (r: number, g: number, b: number) =>
  `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
const isByte = (value: number) => Number.isInteger(value) && value >= 0 && value <= 255;

/** A palette's colours, each once, in the file's order; or why it is not one. */
function checked(colours: string[]): PaletteReading {
  const unique = [...new Set(colours)];
  if (unique.length < CUSTOM_PALETTE.min) return { error: `A palette needs at least ${CUSTOM_PALETTE.min} colours.` };
  if (unique.length > CUSTOM_PALETTE.max) return { error: `A palette may hold up to ${CUSTOM_PALETTE.max} colours.` };
  return { colours: unique };
}

/** Three whole numbers 0–255 at the start of a line ("255 0 77 Red"), as GIMP and JASC write them. */
function rgbLine(line: string): string | null {
  const match = /^\s*(\d{1,3})\s+(\d{1,3})\s+(\d{1,3})(\s|$)/.exec(line);
  if (!match) return null;
  const [r, g, b] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  return isByte(r) && isByte(g) && isByte(b) ? hex(r, g, b) : null;
}

/** The colours of a palette file's text, by its content; or why it is not a palette. */
export function readPaletteText(text: string): PaletteReading {
  const lines = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .map((line) => line.trim());
  const content = lines.filter((line) => line.length > 0);
  if (content.length === 0) return { error: NOT_A_PALETTE };

  if (content[0] === "GIMP Palette") {
    const body = content.slice(1).filter((line) => !/^(#|Name:|Columns:)/.test(line));
    const colours = body.map(rgbLine);
    return colours.every(Boolean) ? checked(colours as string[]) : { error: NOT_A_PALETTE };
  }
  if (content[0] === "JASC-PAL") {
    const count = Number(content[2]);
    const colours = content.slice(3).map(rgbLine);
    if (content[1] !== "0100" || !Number.isInteger(count) || colours.length !== count || !colours.every(Boolean)) {
      return { error: NOT_A_PALETTE };
    }
    return checked(colours as string[]);
  }
  const body = content.filter((line) => !line.startsWith(";"));
  // Paint.NET: AARRGGBB (the alpha is dropped: a palette's colours are opaque).
  if (body.length > 0 && body.every((line) => /^[0-9a-f]{8}$/i.test(line))) {
    return checked(body.map((line) => `#${line.slice(2).toLowerCase()}`));
  }
  if (body.length > 0 && body.every((line) => /^#?[0-9a-f]{6}$/i.test(line))) {
    return checked(body.map((line) => `#${line.replace(/^#/, "").toLowerCase()}`));
  }
  return { error: NOT_A_PALETTE };
}

/** The opaque colours of a swatch image's pixels (RGBA), each once in reading order; or why not a palette. */
export function paletteFromPixels(data: Uint8ClampedArray | Uint8Array): PaletteReading {
  const colours = new Set<string>();
  for (let p = 0; p < data.length; p += 4) {
    if (data[p + 3]! < 128) continue;
    colours.add(hex(data[p]!, data[p + 1]!, data[p + 2]!));
    // A photograph, not swatches: stop reading early.
    if (colours.size > CUSTOM_PALETTE.max) break;
  }
  return checked([...colours]);
}

/** Whether a file's first bytes are a PNG's signature: then it is read as an image, whatever its name. */
export const isPngBytes = (bytes: Uint8Array) =>
  bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => bytes[i] === byte);
