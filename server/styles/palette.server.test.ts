import { describe, expect, it } from "vitest";
import { coloursIn, DEFAULT_PALETTE } from "#domain/colour-words";
import { paletteFromDescription } from "./palette.server";

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
});
