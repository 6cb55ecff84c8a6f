import { describe, expect, it } from "vitest";
import { BAND_THRESHOLDS, FAINT_ALPHA, openMask, splitByAlpha } from "./alpha-layers";

const W = 40;
const H = 30;

/** An RGBA image of W × H painted by `paint(x, y)`, transparent where it returns nothing. */
function image(paint: (x: number, y: number) => [number, number, number, number] | undefined): Uint8Array {
  const rgba = new Uint8Array(W * H * 4);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) rgba.set(paint(x, y) ?? [0, 0, 0, 0], (y * W + x) * 4);
  return rgba;
}

const inRect = (x: number, y: number, left: number, top: number, right: number, bottom: number) =>
  x >= left && x < right && y >= top && y < bottom;

const alphaAt = (rgba: Uint8Array, x: number, y: number) => rgba[(y * W + x) * 4 + 3]!;

describe("openMask", () => {
  const mask = (set: (x: number, y: number) => boolean) => {
    const m = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) m[y * W + x] = set(x, y) ? 1 : 0;
    return m;
  };

  it("keeps a wide block exactly and removes a run narrower than the window", () => {
    const block = (x: number, y: number) => inRect(x, y, 5, 5, 17, 17);
    const line = (x: number, y: number) => inRect(x, y, 25, 2, 29, 28); // 4 px wide
    const opened = openMask(
      mask((x, y) => block(x, y) || line(x, y)),
      W,
      H,
      2,
    );
    expect(opened).toEqual(mask(block));
  });

  it("keeps a block cut by the image's border", () => {
    const corner = mask((x, y) => inRect(x, y, 0, 0, 8, 8));
    expect(openMask(corner, W, H, 2)).toEqual(corner);
  });
});

describe("splitByAlpha", () => {
  it("leaves an opaque image, anti-aliased edges included, to a single trace", () => {
    const rgba = image((x, y) => {
      if (inRect(x, y, 10, 10, 30, 20)) return [200, 40, 30, 255];
      // A one-pixel soft edge round it, and a thin half-transparent stroke.
      if (inRect(x, y, 9, 9, 31, 21)) return [200, 40, 30, 128];
      if (inRect(x, y, 2, 2, 4, 28)) return [20, 20, 20, 100];
      return undefined;
    });
    const { opaque, soft } = splitByAlpha(rgba, W, H);
    expect(soft).toEqual([]);
    expect(Buffer.compare(opaque, Buffer.from(rgba))).toBe(0);
  });

  it("cuts a wide 30 % area out of the opaque trace into a layer drawn at 30 %", () => {
    const shadow = (x: number, y: number) => inRect(x, y, 5, 15, 35, 28);
    const rgba = image((x, y) => {
      if (inRect(x, y, 15, 2, 25, 20)) return [200, 40, 30, 255];
      return shadow(x, y) ? [112, 112, 112, 77] : undefined;
    });
    const { opaque, soft } = splitByAlpha(rgba, W, H);
    expect(soft).toHaveLength(1);
    expect(soft[0]!.opacity).toBeCloseTo(77 / 255, 3);
    // The shadow is painted fully in its own colour in the layer, and gone from the opaque part.
    expect([...soft[0]!.rgba.subarray((20 * W + 8) * 4, (20 * W + 8) * 4 + 4)]).toEqual([112, 112, 112, 255]);
    expect(alphaAt(opaque, 8, 20)).toBe(0);
    expect(alphaAt(soft[0]!.rgba, 20, 5)).toBe(0);
    // The subject is untouched.
    expect(alphaAt(opaque, 20, 5)).toBe(255);
    expect(alphaAt(opaque, 20, 18)).toBe(255);
  });

  it("stacks bands so that each reaches its own mean alpha", () => {
    // Left half 40 (band 0), right half 130 (band 2): layer one covers both, layer two the right.
    const rgba = image((x, y) => (inRect(x, y, 2, 2, 38, 28) ? [90, 90, 90, x < 20 ? 40 : 130] : undefined));
    const { soft } = splitByAlpha(rgba, W, H);
    expect(soft).toHaveLength(2);
    const [low, high] = soft as [(typeof soft)[0], (typeof soft)[0]];
    expect(low.opacity).toBeCloseTo(40 / 255, 3);
    expect(1 - (1 - low.opacity) * (1 - high.opacity)).toBeCloseTo(130 / 255, 3);
    expect(alphaAt(low.rgba, 10, 10)).toBe(255);
    expect(alphaAt(low.rgba, 30, 10)).toBe(255);
    expect(alphaAt(high.rgba, 10, 10)).toBe(0);
    expect(alphaAt(high.rgba, 30, 10)).toBe(255);
    expect(BAND_THRESHOLDS[0]).toBe(FAINT_ALPHA);
  });

  it("drops a wide area too faint to see", () => {
    const rgba = image((x, y) => (inRect(x, y, 2, 2, 38, 28) ? [90, 90, 90, FAINT_ALPHA - 6] : undefined));
    const { opaque, soft } = splitByAlpha(rgba, W, H);
    expect(soft).toEqual([]);
    expect(alphaAt(opaque, 20, 15)).toBe(0);
  });
});
