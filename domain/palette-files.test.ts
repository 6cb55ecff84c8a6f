import { describe, expect, it } from "vitest";
import { isPngBytes, NOT_A_PALETTE, paletteFromPixels, readPaletteText } from "./palette-files";

describe("palette files, read by what they hold", () => {
  it("reads a GIMP palette, skipping its name, columns and comments", () => {
    const gpl = "GIMP Palette\nName: Sweetie 16\nColumns: 4\n#\n 26  28  44\tblack\n93 39 93 plum\n177 62 83\n";
    expect(readPaletteText(gpl)).toEqual({ colours: ["#1a1c2c", "#5d275d", "#b13e53"] });
  });

  it("reads a JASC-PAL palette and holds it to its own count", () => {
    expect(readPaletteText("JASC-PAL\r\n0100\r\n2\r\n0 0 0\r\n255 255 255\r\n")).toEqual({
      colours: ["#000000", "#ffffff"],
    });
    expect(readPaletteText("JASC-PAL\n0100\n3\n0 0 0\n255 255 255\n")).toEqual({ error: NOT_A_PALETTE });
  });

  it("reads Paint.NET's AARRGGBB lines and Lospec's hex lists, each colour once", () => {
    expect(readPaletteText("; paint.net palette\nFF1A1C2C\nff5d275d\n")).toEqual({ colours: ["#1a1c2c", "#5d275d"] });
    expect(readPaletteText("1a1c2c\n#5D275D\n1a1c2c\n")).toEqual({ colours: ["#1a1c2c", "#5d275d"] });
  });

  it("refuses what is not a palette, whatever it is called, and palettes of one colour or too many", () => {
    expect(readPaletteText("<svg xmlns='http://www.w3.org/2000/svg'/>")).toEqual({ error: NOT_A_PALETTE });
    expect(readPaletteText("GIMP Palette\n300 0 0\n")).toEqual({ error: NOT_A_PALETTE });
    expect(readPaletteText("")).toEqual({ error: NOT_A_PALETTE });
    expect(readPaletteText("ffffff\n")).toEqual({ error: "A palette needs at least 2 colours." });
    const many = Array.from({ length: 300 }, (_, i) => i.toString(16).padStart(6, "0")).join("\n");
    expect(readPaletteText(many)).toEqual({ error: "A palette may hold up to 256 colours." });
  });

  it("reads a PNG of swatches by its opaque pixels, and knows a PNG by its first bytes", () => {
    const pixels = new Uint8Array([255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 255, 9, 9, 9, 0]);
    expect(paletteFromPixels(pixels)).toEqual({ colours: ["#ff0000", "#0000ff"] });
    expect(isPngBytes(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(true);
    expect(isPngBytes(new TextEncoder().encode("GIMP Palette"))).toBe(false);
  });
});
