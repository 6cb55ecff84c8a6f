import { icons } from "@iconify-json/tabler";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { imageToSvg } from "../generation/pipeline/vectorize.server";
import { centreline } from "./centreline.server";
import { iconSvg } from "./icon-svg.server";
import { asLineIcons } from "./line-icons.server";

/** A Tabler line icon drawn at 1024 px and traced, as a line style's image is: outlines, not strokes. */
async function tracedOutline(name: string): Promise<string> {
  const drawn = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="1024" height="1024">${icons.icons[name]!.body.replace(/currentColor/g, "#1b4965")}</svg>`;
  const png = await sharp(Buffer.from(drawn)).png().toBuffer();
  const { svg } = await imageToSvg(png, "line", { palette: ["#1b4965"] });
  return iconSvg(svg, { grid: 24, singleColour: true });
}

describe("centre-line tracing", () => {
  it("turns a traced line icon's outlines back into strokes that cover the drawing", async () => {
    const outline = await tracedOutline("shopping-cart");
    expect(outline).not.toContain("stroke-width");
    const line = await centreline(outline, 24);
    expect(line).not.toBeNull();
    expect(line!.fidelity).toBeGreaterThan(0.85);
    // Tabler draws at 2 on 24; fitted to the live area it is a little thinner or thicker.
    expect(line!.strokeWidth).toBeGreaterThan(1.25);
    expect(line!.strokeWidth).toBeLessThan(2.75);
    expect(line!.d).toMatch(/^M[\d.]+ [\d.]+L/);
  });

  it("draws a set at one stroke width, and leaves a solid shape as it was", async () => {
    const solid = await iconSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="9"/></svg>',
      { grid: 24, singleColour: true },
    );
    const set = await asLineIcons(
      [
        { svg: await tracedOutline("bell"), colour: "#1b4965" },
        { svg: await tracedOutline("heart"), colour: "#1b4965" },
        { svg: solid, colour: "#1b4965" },
      ],
      24,
    );
    expect(set.icons[2]).toBeNull();
    const widths = set.icons.slice(0, 2).map((icon) => /stroke-width="([\d.]+)"/.exec(icon!.svg)![1]);
    expect(widths).toEqual([String(set.strokeWidth), String(set.strokeWidth)]);
    expect(set.icons[0]!.svg).toMatch(
      /fill="none" stroke="currentColor"[^>]*stroke-linecap="round" stroke-linejoin="round"/,
    );
    expect(set.icons[0]!.colourSvg).toContain('stroke="#1b4965"');
  });
});
