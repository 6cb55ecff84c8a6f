import { describe, expect, it } from "vitest";
import { fillsAsCurrentColour, nearestPaletteColour, snapFillsToPalette } from "./vectorize-colours";

const palette = ["#e76e50", "#2a9d8f", "#264653"];

describe("palette snapping", () => {
  it("takes a drifted colour back to the palette colour it was traced from", () => {
    expect(nearestPaletteColour("#e66e50", palette)).toBe("#e76e50");
    expect(nearestPaletteColour("#2b9c90", palette)).toBe("#2a9d8f");
  });

  it("leaves a colour the palette does not hold (white highlights, a distinct shade) as it is", () => {
    expect(nearestPaletteColour("#ffffff", palette)).toBe("#ffffff");
    expect(nearestPaletteColour("#e9c46a", palette)).toBe("#e9c46a");
  });

  it("snaps every fill of a traced SVG and nothing else", () => {
    const svg = '<svg><path fill="#E66E50" d="M0 0"/><path fill="#fefefe" stroke="#e66e50" d="M1 1"/></svg>';
    expect(snapFillsToPalette(svg, palette)).toBe(
      '<svg><path fill="#e76e50" d="M0 0"/><path fill="#fefefe" stroke="#e66e50" d="M1 1"/></svg>',
    );
    expect(snapFillsToPalette(svg, [])).toBe(svg);
  });
});

describe("the single-colour variant", () => {
  it("paints every fill in currentColor, keeping none and references", () => {
    expect(
      fillsAsCurrentColour(
        '<svg><path fill="#264653"/><g fill="red"><path fill="none"/><path fill="url(#g)"/></g></svg>',
      ),
    ).toBe(
      '<svg><path fill="currentColor"/><g fill="currentColor"><path fill="none"/><path fill="url(#g)"/></g></svg>',
    );
  });
});
