import { describe, expect, it } from "vitest";
import { inkMask, removeBackground, removeShadows } from "./vectorize-input";

const SIZE = 32;
const image = (paint: (x: number, y: number) => [number, number, number, number]) => {
  const rgba = new Uint8Array(SIZE * SIZE * 4);
  for (let y = 0; y < SIZE; y++) for (let x = 0; x < SIZE; x++) rgba.set(paint(x, y), (y * SIZE + x) * 4);
  return rgba;
};
const alpha = (rgba: Uint8Array, x: number, y: number) => rgba[(y * SIZE + x) * 4 + 3];
const inSquare = (x: number, y: number, from: number, to: number) => x >= from && x < to && y >= from && y < to;

describe("removeBackground", () => {
  it("takes out the border's colour where it reaches the border, and keeps it inside the subject", () => {
    // White paper, a navy ring, white inside the ring.
    const rgba = image((x, y) =>
      inSquare(x, y, 8, 24) && !inSquare(x, y, 12, 20) ? [38, 70, 83, 255] : [255, 255, 255, 255],
    );
    expect(removeBackground(rgba, SIZE, SIZE)).toBe(true);
    expect(alpha(rgba, 0, 0)).toBe(0);
    expect(alpha(rgba, 9, 9)).toBe(255);
    expect(alpha(rgba, 16, 16)).toBe(255);
  });

  it("leaves a transparent image alone", () => {
    const rgba = image((x, y) => (inSquare(x, y, 8, 24) ? [231, 110, 80, 255] : [0, 0, 0, 0]));
    expect(removeBackground(rgba, SIZE, SIZE)).toBe(false);
  });
});

describe("removeShadows", () => {
  it("takes out a wide area of faint dark pixels and keeps anti-aliased edges and glows", () => {
    const rgba = image((x, y) => {
      if (inSquare(x, y, 8, 20)) return [231, 110, 80, 255];
      if (x === 20 && y >= 8 && y < 20) return [231, 110, 80, 120]; // the subject's soft edge, one pixel
      if (y >= 24 && y < 31 && x >= 4 && x < 28) return [38, 70, 83, 46]; // the ground shadow
      if (y < 6 && x >= 4 && x < 28) return [255, 240, 160, 90]; // a light glow
      return [0, 0, 0, 0];
    });
    expect(removeShadows(rgba, SIZE, SIZE)).toBeGreaterThan(100);
    expect(alpha(rgba, 16, 27)).toBe(0);
    expect(alpha(rgba, 20, 12)).toBe(120);
    expect(alpha(rgba, 16, 3)).toBe(90);
    expect(alpha(rgba, 12, 12)).toBe(255);
  });
});

describe("inkMask", () => {
  it("makes every visible, not-white pixel one opaque colour", () => {
    const rgba = new Uint8Array([231, 110, 80, 255, 255, 255, 255, 255, 38, 70, 83, 40, 233, 196, 106, 200]);
    expect([...inkMask(rgba)]).toEqual([0, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255]);
  });
});

describe("removeBackground on an image of one colour", () => {
  it("keeps it: with nothing left, the colour was the subject", () => {
    const rgba = image((x, y) => (inSquare(x, y, 8, 24) ? [0, 0, 0, 0] : [200, 60, 40, 255]));
    expect(removeBackground(rgba, SIZE, SIZE)).toBe(false);
    expect(alpha(rgba, 0, 0)).toBe(255);
  });
});
