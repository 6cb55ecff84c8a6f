import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { optimize } from "svgo";
import { describe, expect, it } from "vitest";
import type { FlatLook } from "#domain/looks";
import { assertSafeSvg, optimizeAndSanitizeSvg, UnsafeSvgError } from "./sanitize-svg.server";
import { imageToSvg, svgSimilarity } from "./vectorize.server";

const FIXTURES = path.join(import.meta.dirname, "..", "..", "..", "tests", "fixtures", "matte");

async function fixturePng(name: string, size = 512) {
  return sharp(readFileSync(path.join(FIXTURES, `${name}.svg`)), { density: (72 * size) / 256 })
    .png()
    .toBuffer();
}

describe("imageToSvg", () => {
  const cases: [string, FlatLook][] = [
    ["potion", "icon"],
    ["line-art", "line"],
    ["pixel-sprite", "pixel"],
    ["leaf", "icon"],
  ];
  for (const [name, look] of cases) {
    it(`traces ${name} as ${look} to a small, safe SVG that looks like it`, async () => {
      const png = await fixturePng(name);
      const { svg, bytes } = await imageToSvg(png, look);
      expect(bytes).toBe(Buffer.byteLength(svg));
      // Well-formed XML (svgo parses it) and clean by the allow-lists.
      expect(() => optimize(svg, { plugins: [] })).not.toThrow();
      expect(() => assertSafeSvg(svg)).not.toThrow();
      expect(svg).toMatch(/^<svg[^>]*width="512" height="512"/);
      // Bounded: a flat subject is a few kilobytes, far smaller than its PNG.
      expect(bytes).toBeLessThan(20_000);
      expect(bytes).toBeLessThan(png.length);
      // Under 5 % mean error per channel where the subject is: flat fills trace to about 1 %,
      // line art to about 3.5 % (its thin anti-aliased strokes become hard-edged shapes).
      const { meanError } = await svgSimilarity(svg, png);
      expect(meanError).toBeLessThan(0.05);
    });
  }

  it("leaves a transparent hole transparent in an image that is opaque to its border", async () => {
    const size = 64;
    const rgba = Buffer.alloc(size * size * 4);
    for (let i = 0; i < size * size; i++) rgba.set([200, 60, 40, 255], i * 4);
    for (let y = 20; y < 44; y++)
      for (let x = 20; x < 44; x++) rgba.fill(0, (y * size + x) * 4, (y * size + x + 1) * 4);
    const png = await sharp(rgba, { raw: { width: size, height: size, channels: 4 } })
      .png()
      .toBuffer();
    const { svg } = await imageToSvg(png, "icon");
    const drawn = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
    expect(drawn[(32 * size + 32) * 4 + 3]).toBe(0);
    expect(drawn[(4 * size + 4) * 4 + 3]).toBe(255);
  });

  it("keeps pixel art on its grid: straight edges on whole pixels", async () => {
    const { svg } = await imageToSvg(await fixturePng("pixel-sprite"), "pixel");
    expect(svg).not.toMatch(/\sd="[^"]*[cqsCQS]/);
    expect(svg).not.toMatch(/\d\.\d/);
  });
});

describe("imageToSvg: the subject only, in the style's colours", () => {
  const palette = ["#e76e50", "#264653"];
  /** A coral disc over a ground shadow in the darkest colour at 18 % (as the preview engine and models draw one). */
  const shadowed = (background = "") =>
    sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">${background}` +
          `<ellipse cx="128" cy="226" rx="90" ry="16" fill="#264653" fill-opacity="0.18"/>` +
          `<circle cx="128" cy="120" r="90" fill="#e66e50"/><circle cx="128" cy="120" r="30" fill="#264653"/></svg>`,
      ),
    )
      .png()
      .toBuffer();
  const alphaAt = async (svg: string, x: number, y: number) =>
    (await sharp(Buffer.from(svg)).resize(256, 256).ensureAlpha().raw().toBuffer())[(y * 256 + x) * 4 + 3];
  const fills = (svg: string) => new Set([...svg.matchAll(/fill="([^"]+)"/g)].map((m) => m[1]));

  it("leaves the cast shadow out and snaps drifted fills to the palette", async () => {
    const { svg } = await imageToSvg(await shadowed(), "icon", { palette });
    expect(await alphaAt(svg, 128, 232)).toBe(0);
    expect(await alphaAt(svg, 128, 120)).toBe(255);
    expect(svg).not.toMatch(/opacity=/);
    expect([...fills(svg)].sort()).toEqual(["#264653", "#e76e50"]);
  });

  it("leaves a painted background out", async () => {
    const { svg } = await imageToSvg(await shadowed('<rect width="256" height="256" fill="#f8f4ec"/>'), "icon", {
      palette,
    });
    expect(await alphaAt(svg, 4, 4)).toBe(0);
    expect(await alphaAt(svg, 128, 60)).toBe(255);
  });

  it("offers a single colour: every fill currentColor, light details as holes", async () => {
    const { svg } = await imageToSvg(await fixturePng("potion", 256), "icon", { singleColour: true });
    expect([...fills(svg)]).toEqual(["currentColor"]);
    expect(() => assertSafeSvg(svg)).not.toThrow();
  });
});

describe("svgSimilarity", () => {
  it("tells a faithful SVG from a wrong one", async () => {
    const png = await fixturePng("potion", 256);
    const right = readFileSync(path.join(FIXTURES, "potion.svg"), "utf8");
    const wrong = readFileSync(path.join(FIXTURES, "leaf.svg"), "utf8");
    expect((await svgSimilarity(right, png)).meanError).toBeLessThan(0.01);
    expect((await svgSimilarity(wrong, png)).meanError).toBeGreaterThan(0.1);
  });
});

describe("the SVG sanitiser", () => {
  const hostile = [
    [
      "a script element",
      `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><path d="M0 0h1v1z"/></svg>`,
    ],
    ["an event handler", `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><path d="M0 0h1v1z"/></svg>`],
    [
      "a foreignObject",
      `<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>`,
    ],
    [
      "an outside link",
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="https://evil.test/a.svg#x"/></svg>`,
    ],
    [
      "a javascript link",
      `<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><path d="M0 0h1"/></a></svg>`,
    ],
    [
      "a style @import",
      `<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(https://evil.test/x.css);</style></svg>`,
    ],
    [
      "a style url()",
      `<svg xmlns="http://www.w3.org/2000/svg"><path style="fill:url(https://evil.test/p.svg#g)" d="M0 0h1v1z"/></svg>`,
    ],
    ["an image", `<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.test/x.png"/></svg>`],
  ] as const;

  for (const [what, svg] of hostile) {
    it(`refuses ${what} when checking`, () => {
      expect(() => assertSafeSvg(svg)).toThrow(UnsafeSvgError);
    });

    it(`strips ${what} when cleaning, leaving a document that passes the check`, () => {
      const clean = optimizeAndSanitizeSvg(svg, { precision: 1 });
      expect(() => assertSafeSvg(clean)).not.toThrow();
      expect(clean).not.toMatch(/script|onload|foreignObject|evil\.test|javascript:|@import/i);
    });
  }

  it("keeps what is allowed: shapes, paint and in-document references", () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)"/></svg>`;
    expect(() => assertSafeSvg(svg)).not.toThrow();
    expect(optimizeAndSanitizeSvg(svg, { precision: 1 })).toContain("url(#");
  });

  it("refuses markup that does not parse", () => {
    expect(() => assertSafeSvg("<svg><path></svg>")).toThrow(UnsafeSvgError);
  });
});
