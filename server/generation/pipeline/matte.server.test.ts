import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  MATTE_FIXTURES,
  compositeOverBackground,
  renderSubject,
  scoreMatte,
} from "../../../tests/support/matte-fixtures";
import { MatteError, removeKeyColour, verifyCoverage } from "./matte.server";

const GREEN = { r: 0, g: 255, b: 0 };
const MAGENTA = { r: 255, g: 0, b: 255 };
// What a model paints when asked for the key: close, never exact.
const PAINTED = { green: { r: 18, g: 238, b: 24 }, magenta: { r: 240, g: 14, b: 236 } };

/*
 * Thresholds, from the fixtures at 256 px (the benchmark measures 1024 px, where edges
 * are a smaller share). Every pixel: a matte that kept the background or lost the subject
 * scores 0.3–0.7, one that is wrong only along its edge stays near 0.01, so 0.03 leaves
 * room for JPEG's blurred colour without passing a broken matte. Edge pixels (within 2 px
 * of the true outline): 0.2, against about 0.5 for a hard threshold at the wrong place.
 * Spill (key hue beyond the true colour's, alpha-weighted at the edge): 0.1, i.e. about
 * 25 levels of 255, where an untreated key edge measures 0.2 or more; the 1.5 px lines of
 * line-art are thinner than JPEG's colour resolution and measure about 0.06 at this size
 * (0.002 at 1024 px, see bench/results/matte.json).
 */
const LIMITS = { maskError: 0.03, edgeError: 0.2, spill: 0.1 };

describe("removeKeyColour", () => {
  for (const name of MATTE_FIXTURES) {
    for (const key of ["green", "magenta"] as const) {
      it(`recovers the mask of ${name} from a JPEG on ${key}`, async () => {
        const truth = await renderSubject(name, 256);
        const input = await compositeOverBackground(truth, { background: PAINTED[key], noise: 6, seed: 11 });
        const keyRgb = key === "green" ? GREEN : MAGENTA;
        const result = await removeKeyColour(input, { key: keyRgb });
        const score = await scoreMatte(result.data, truth, keyRgb);
        expect(score.maskError).toBeLessThan(LIMITS.maskError);
        expect(score.edgeError).toBeLessThan(LIMITS.edgeError);
        expect(score.spill).toBeLessThan(LIMITS.spill);
        const meta = await sharp(result.data).metadata();
        expect(meta.format).toBe("png");
        expect(meta.hasAlpha).toBe(true);
      });
    }
  }

  it("is close to exact on a lossless image", async () => {
    const truth = await renderSubject("potion", 256);
    const input = await compositeOverBackground(truth, { background: PAINTED.green, noise: 0, lossless: true });
    const score = await scoreMatte((await removeKeyColour(input, { key: GREEN })).data, truth, GREEN);
    expect(score.maskError).toBeLessThan(0.002);
    expect(score.edgeError).toBeLessThan(0.03);
  });

  it("keeps green parts of a subject on a green key", async () => {
    const truth = await renderSubject("leaf", 256);
    const input = await compositeOverBackground(truth, { background: PAINTED.green, seed: 5 });
    const result = await removeKeyColour(input, { key: GREEN });
    const out = await sharp(result.data).ensureAlpha().raw().toBuffer();
    // The leaf's greens, the light vein (#b5e48c) too, stay opaque: none is taken for the key.
    let opacity = 0;
    let count = 0;
    for (let i = 0; i < 256 * 256; i++) {
      if (truth.rgba[i * 4 + 3] !== 255) continue;
      opacity += out[i * 4 + 3]! / 255;
      count++;
    }
    expect(opacity / count).toBeGreaterThan(0.97);
    const vein = (128 * 256 + 128) * 4;
    expect(out[vein + 3]).toBeGreaterThan(200);
    // The hole through the leaf (a circle of radius 14 by (150, 90)) is see-through.
    let holePixels = 0;
    for (let y = 70; y < 120; y++) {
      for (let x = 130; x < 170; x++) {
        const i = (y * 256 + x) * 4 + 3;
        // 4 px clear of the hole's anti-aliased rim, which JPEG blurs and rings around.
        const clear = [0, 4, -4, 1024, -1024].every((step) => truth.rgba[i + step * 4] === 0);
        if (!clear) continue;
        holePixels++;
        expect(out[i]).toBeLessThan(16);
      }
    }
    expect(holePixels).toBeGreaterThan(50);
  });

  it("reports how much of the image the subject covers", async () => {
    const truth = await renderSubject("potion", 256);
    const input = await compositeOverBackground(truth, { background: PAINTED.green });
    let trueCoverage = 0;
    for (let i = 3; i < truth.rgba.length; i += 4) trueCoverage += truth.rgba[i]! / 255;
    const { coverage } = await removeKeyColour(input, { key: GREEN });
    expect(coverage).toBeCloseTo(trueCoverage / (256 * 256), 2);
  });

  it("refuses an image that came back without the key background", async () => {
    const truth = await renderSubject("potion", 256);
    const input = await compositeOverBackground(truth, { background: { r: 250, g: 248, b: 240 } });
    await expect(removeKeyColour(input, { key: GREEN })).rejects.toThrow(MatteError);
    await expect(removeKeyColour(input, { key: GREEN })).rejects.toThrow(/key-colour background/);
  });

  it("refuses a result with nothing left of the subject", async () => {
    const flat = await sharp({ create: { width: 128, height: 128, channels: 3, background: PAINTED.green } })
      .png()
      .toBuffer();
    await expect(removeKeyColour(flat, { key: GREEN })).rejects.toThrow(/subject disappeared/);
  });
});

describe("verifyCoverage", () => {
  it("passes a subject with real transparency around it", () => {
    expect(() => verifyCoverage(0.3)).not.toThrow();
  });

  it("refuses a result that is nearly all background or nearly all subject", () => {
    expect(() => verifyCoverage(0.005)).toThrow(/subject disappeared/);
    expect(() => verifyCoverage(0.995)).toThrow(/no real transparency/);
  });
});
