import { describe, expect, it } from "vitest";
import { coloursIn, DEFAULT_PALETTE } from "./colour-words";
import { paletteAfterDescription, paletteFromDescription } from "./palette";

describe("a text style's palette", () => {
  it("starts with the colours its words name, then their shades", () => {
    const palette = paletteFromDescription("Flat icons in red and navy");
    expect(palette.slice(0, 2)).toEqual(coloursIn("red navy"));
    expect(palette).toHaveLength(5);
    expect(new Set(palette).size).toBe(5);
    expect(paletteFromDescription("muted sage and rose watercolour").slice(0, 2)).toEqual(
      coloursIn("muted sage, rose"),
    );
  });

  it("is the default palette when no colour is named, never colours made up from the words", () => {
    expect(paletteFromDescription("Chunky game icons")).toEqual(DEFAULT_PALETTE);
    expect(paletteFromDescription("Retro sprites")).toEqual(DEFAULT_PALETTE);
  });

  it('reads "pastel" alone as soft colours of several hues, and as a modifier before a colour', () => {
    const pastel = paletteFromDescription("Flat pastel isometric icons");
    expect(pastel).toHaveLength(5);
    const hues = pastel.map((hex) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
      return Math.round((Math.atan2(Math.sqrt(3) * (g - b), 2 * r - g - b) * 180) / Math.PI / 30);
    });
    expect(new Set(hues).size).toBeGreaterThanOrEqual(4);
    expect(paletteFromDescription("pastel pink icons")[0]).toBe(coloursIn("pastel pink")[0]);
  });

  it("follows new words only while it is still the palette the old words made", () => {
    const style = { description: "Icons in lavender", palette: paletteFromDescription("Icons in lavender") };
    expect(paletteAfterDescription(style, "Icons in mint")).toEqual(paletteFromDescription("Icons in mint"));
    expect(paletteAfterDescription(style, "Round icons in lavender")).toBeNull();
    expect(paletteAfterDescription({ ...style, palette: ["#112233"] }, "Icons in mint")).toBeNull();
  });
});
