import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { colourDistance, parseHex } from "../../generation/pipeline/key-colour";
import { dominantColours, mapByLightness } from "#domain/recolour-colours";
import { recolourImage } from "./recolour-image.server";
import { recolourSvg, svgColours } from "./recolour-svg";

const palette = ["#1b4965", "#5fa8d3", "#cae9ff"];

/** A 64×64 icon: a dark ring round a mid disc with a light dot, antialiased, on a clear ground. */
async function iconPng() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">
    <circle cx="32" cy="32" r="28" fill="#e76f51" stroke="#222222" stroke-width="4"/>
    <circle cx="32" cy="32" r="8" fill="#fff1d6"/></svg>`;
  return { svg, png: await sharp(Buffer.from(svg)).png().toBuffer() };
}

const nearestDistance = (r: number, g: number, b: number, colours: string[]) =>
  Math.min(...colours.map((c) => colourDistance({ r, g, b }, parseHex(c)!)));

describe("mapByLightness", () => {
  it("gives the darkest the palette's darkest and the lightest its lightest, the rest in order", () => {
    const mapping = mapByLightness(["#ffffff", "#000000", "#808080"], ["#ffeeaa", "#112233", "#778899"]);
    expect(mapping.get("#000000")).toBe("#112233");
    expect(mapping.get("#808080")).toBe("#778899");
    expect(mapping.get("#ffffff")).toBe("#ffeeaa");
  });

  it("spreads few colours over a larger palette, keeping them apart", () => {
    const mapping = mapByLightness(["#000000", "#ffffff"], ["#111111", "#555555", "#999999", "#eeeeee"]);
    expect([...mapping.values()]).toEqual(["#111111", "#eeeeee"]);
  });

  it("gives one colour its role: black line art the darkest, white the lightest, a silhouette the boldest", () => {
    expect(mapByLightness(["#0a0a0a"], palette).get("#0a0a0a")).toBe("#1b4965");
    expect(mapByLightness(["#fafafa"], palette).get("#fafafa")).toBe("#cae9ff");
    const bold = ["#111111", "#8899aa", "#2e86de", "#f0f0f0"];
    expect(mapByLightness(["#f4a23c"], bold).get("#f4a23c")).toBe("#2e86de");
  });
});

describe("dominantColours", () => {
  it("finds the colours a picture is drawn in, not its edges' blends", async () => {
    const { png } = await iconPng();
    const { data } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const found = dominantColours(data, 3);
    expect(found).toHaveLength(3);
    for (const colour of ["#222222", "#e76f51", "#fff1d6"])
      expect(nearestDistance(...(Object.values(parseHex(colour)!) as [number, number, number]), found)).toBeLessThan(
        30,
      );
  });

  it("takes a small, lossy thumbnail of a one-colour icon for one colour, as the full image", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><path d="M96 64h320l-40 384H136z" fill="#f4bb3c"/><circle cx="256" cy="200" r="40" fill="none" stroke="#f4bb3c" stroke-width="24"/></svg>`;
    for (const width of [512, 64]) {
      const small = await sharp(Buffer.from(svg)).resize(width).webp({ quality: 60 }).toBuffer();
      const { data } = await sharp(small).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect(dominantColours(data, 5)).toHaveLength(1);
    }
  });
});

describe("recolourImage", () => {
  it("puts every opaque pixel in the new palette and keeps alpha", async () => {
    const { png } = await iconPng();
    const before = await sharp(png).ensureAlpha().raw().toBuffer();
    const made = await recolourImage(png, palette);
    const { data } = await sharp(made.data).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    for (let p = 0; p < data.length; p += 4) {
      expect(data[p + 3]).toBe(before[p + 3]);
      if (data[p + 3]! > 0) expect(nearestDistance(data[p]!, data[p + 1]!, data[p + 2]!, palette)).toBe(0);
    }
    expect(made.svg).toBeUndefined();
  });

  it("recolours a native SVG with the same mapping as its PNG", async () => {
    const { svg, png } = await iconPng();
    const made = await recolourImage(png, palette, { svg });
    expect(svgColours(made.svg!).sort()).toEqual([...palette].sort());
    const { data } = await sharp(made.data).raw().toBuffer({ resolveWithObject: true });
    const centre = (32 * 64 + 32) * 4;
    expect(`#${[...data.subarray(centre, centre + 3)].map((n) => n.toString(16).padStart(2, "0")).join("")}`).toBe(
      "#cae9ff",
    );
  });

  it("keeps an opaque picture opaque, and recolours a 1024-px one quickly", async () => {
    const { svg } = await iconPng();
    const png = await sharp(Buffer.from(svg), { density: 1152 }).flatten({ background: "#ffffff" }).png().toBuffer();
    const started = performance.now();
    const made = await recolourImage(png, palette);
    expect(performance.now() - started).toBeLessThan(3000);
    const meta = await sharp(made.data).metadata();
    expect([meta.width, meta.hasAlpha]).toEqual([1024, false]);
    const { data } = await sharp(made.data).raw().toBuffer({ resolveWithObject: true });
    for (let p = 0; p < data.length; p += 3)
      if (nearestDistance(data[p]!, data[p + 1]!, data[p + 2]!, palette) !== 0)
        throw new Error(`Off the palette at ${p}`);
  });
});

describe("recolourSvg", () => {
  it("maps attributes, style properties, short hex, rgb() and the default black", () => {
    const svg = `<svg viewBox="0 0 4 4"><path d="M0 0h1"/><rect style="fill: rgb(255, 255, 255)" width="1" height="1"/><circle fill="#f00" r="1"/></svg>`;
    const colours = svgColours(svg);
    expect(colours.sort()).toEqual(["#000000", "#ff0000", "#ffffff"]);
    const out = recolourSvg(svg, mapByLightness(colours, palette));
    expect(out).toContain('<svg fill="#1b4965"');
    expect(out).toContain("fill: #cae9ff");
    expect(out).toContain('fill="#5fa8d3"');
  });
});
