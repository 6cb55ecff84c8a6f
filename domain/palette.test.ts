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

  it("reads a kind of palette named without colours: earthy, warm, cool, neon, monochrome", () => {
    const earthy = paletteFromDescription("Cozy RPG inventory icons, warm earthy palette");
    expect(earthy).toHaveLength(5);
    expect(earthy).not.toEqual(DEFAULT_PALETTE);
    // The more particular word wins: "warm earthy" is earthy, not just warm.
    expect(earthy).toEqual(paletteFromDescription("Earth tones"));
    expect(earthy).not.toEqual(paletteFromDescription("Warm and friendly"));
    const kinds = ["Cool UI glyphs", "Neon arcade sprites", "Monochrome line icons", "Warm stickers"].map((d) =>
      paletteFromDescription(d).join(),
    );
    expect(new Set([...kinds, earthy.join(), DEFAULT_PALETTE.join()]).size).toBe(6);
    // Named colours still come first: "warm red" is that red and its shades, not the warm palette.
    expect(paletteFromDescription("Warm red icons")[0]).toBe(coloursIn("Warm red icons")[0]);
    expect(paletteFromDescription("Warm red icons")).not.toContain(paletteFromDescription("Warm stickers")[1]);
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
