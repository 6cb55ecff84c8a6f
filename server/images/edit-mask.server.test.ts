import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { keepOutsideRegion, readPaintedMask, transparentWhereRepainted } from "./edit-mask.server";

const size = { width: 40, height: 30 };

/** White where painted (a 10 × 10 square at 5,5), transparent elsewhere, as the browser sends it. */
async function browserMask() {
  const square = await sharp({ create: { width: 10, height: 10, channels: 4, background: "#ffffff" } })
    .png()
    .toBuffer();
  return sharp({ create: { ...size, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: square, left: 5, top: 5 }])
    .png()
    .toBuffer();
}

describe("a painted region", () => {
  it("becomes one grey channel, white exactly where painted, from a data URL", async () => {
    const mask = await readPaintedMask(`data:image/png;base64,${(await browserMask()).toString("base64")}`, size);
    const meta = await sharp(mask).metadata();
    expect([meta.width, meta.height, meta.channels]).toEqual([40, 30, 1]);
    const data = await sharp(mask).extractChannel(0).raw().toBuffer();
    expect(data.filter((v) => v === 255).length).toBe(100);
    expect(data[6 * 40 + 6]).toBe(255);
    expect(data[0]).toBe(0);
  });

  it("is refused when empty, of another size, or not a PNG", async () => {
    const empty = await sharp({ create: { ...size, channels: 4, background: "#00000000" } })
      .png()
      .toBuffer();
    await expect(readPaintedMask(empty.toString("base64"), size)).rejects.toThrow("Paint the region to repaint first.");
    await expect(readPaintedMask((await browserMask()).toString("base64"), { width: 41, height: 30 })).rejects.toThrow(
      "The painted region is 40 × 30 px; it must be the image's size, 41 × 30 px.",
    );
    const jpeg = await sharp({ create: { ...size, channels: 3, background: "#fff" } })
      .jpeg()
      .toBuffer();
    await expect(readPaintedMask(jpeg.toString("base64"), size)).rejects.toThrow("must be a PNG");
  });

  it("is sent to OpenAI transparent where to edit and opaque where kept", async () => {
    const mask = await readPaintedMask((await browserMask()).toString("base64"), size);
    const openai = await transparentWhereRepainted(mask);
    const alpha = await sharp(openai).extractChannel("alpha").raw().toBuffer();
    expect((await sharp(openai).metadata()).channels).toBe(4);
    expect(alpha[6 * 40 + 6]).toBe(0);
    expect(alpha[0]).toBe(255);
  });

  it("keeps the original's pixels, alpha included, away from the region, and takes the model's inside it", async () => {
    const mask = await readPaintedMask((await browserMask()).toString("base64"), size);
    const original = await sharp({ create: { ...size, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } })
      .png()
      .toBuffer();
    // The model answers at another size, opaque red all over.
    const answer = await sharp({ create: { width: 80, height: 60, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    const out = await sharp(await keepOutsideRegion(original, answer, mask))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...out.data.subarray((y * 40 + x) * 4, (y * 40 + x) * 4 + 4)];
    expect([out.info.width, out.info.height]).toEqual([40, 30]);
    expect(at(30, 25)).toEqual([0, 0, 255, 128]);
    expect(at(10, 10)).toEqual([255, 0, 0, 255]);
  });
});
