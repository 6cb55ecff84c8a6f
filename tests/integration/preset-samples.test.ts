import express from "express";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PRESET_CARD_PX, presetSubjects, stylePresets } from "#domain/presets";
import { images } from "#server/db/schema";
import { presetCard, presetCardImage } from "#server/styles/preset-cards.server";
import { testDatabases } from "../support/databases";
import { json, runJob } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";

/** The decoded pixels of an image: what a person sees, whatever the file's format and metadata. */
const pixels = async (image: Buffer) => (await sharp(image).ensureAlpha().raw().toBuffer()).toString("base64");

/** The preset cards as the app serves them. */
async function cardServer() {
  const app = express().get("/preset-cards/:presetId/:file", (req, res, next) => presetCard(req, res).catch(next));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return { get: (path: string) => fetch(`http://127.0.0.1:${port}${path}`), close: () => server.close() };
}

describe.each(testDatabases)("a style made from a preset on $name", (target) => {
  const api = setUpSignedInApi(target, "ann-presets@example.com");

  it("gets as its samples exactly the images its preset's card shows, the card's made smaller", async () => {
    const cards = await cardServer();
    try {
      for (const preset of stylePresets) {
        const form = new FormData();
        form.set("name", preset.name);
        form.set("description", preset.description);
        const created = await api.server.call("/api/styles", { method: "POST", body: form, cookie: api.user.cookie });
        expect(created.status).toBe(201);
        const { style, job } = await json<{ style: { id: string }; job: { id: string } }>(created);
        expect((await runJob(api.server, job.id))?.status).toBe("succeeded");
        const samples = await api.database.db
          .select()
          .from(images)
          .where(eq(images.styleId, style.id))
          .orderBy(asc(images.position));
        expect(samples.map((s) => s.subject)).toEqual(presetSubjects.map((s) => s.subject));
        for (const [i, preview] of preset.previews.entries()) {
          const card = await cards.get(preview.src);
          expect(card.status, preview.src).toBe(200);
          expect(card.headers.get("content-type")).toBe("image/webp");
          const shown = Buffer.from(await card.arrayBuffer());
          expect(await sharp(shown).metadata()).toMatchObject({ width: PRESET_CARD_PX, height: PRESET_CARD_PX });
          const stored = (await api.server.services.storage.read(samples[i]!.fileKey))!;
          expect(await pixels(await presetCardImage(stored, preset)), `${preset.id}: ${preview.subject}`).toBe(
            await pixels(shown),
          );
        }
      }
      expect((await cards.get("/preset-cards/nope/chest.webp")).status).toBe(404);
      expect((await cards.get("/preset-cards/flat/nope.webp")).status).toBe(404);
      expect((await cards.get("/preset-cards/flat/chest.png")).status).toBe(404);
    } finally {
      cards.close();
    }
  });
});

describe("a preset card's image", () => {
  const full = () =>
    sharp({ create: { width: 1024, height: 1024, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><rect x="256" y="256" width="512" height="512" fill="#e4572e"/><rect x="512" y="512" width="256" height="256" fill="#17bebb"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();

  it("keeps pixel art's pixels exact: made smaller pixel by pixel, lossless", async () => {
    const card = await presetCardImage(await full(), { crisp: true });
    const { data, info } = await sharp(card).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const colours = new Set<string>();
    for (let i = 0; i < data.length; i += 4) colours.add(data.subarray(i, i + 4).toString("hex"));
    expect(info).toMatchObject({ width: PRESET_CARD_PX, height: PRESET_CARD_PX });
    // Transparent, the orange square and the teal one: no blended edge colours.
    expect([...colours].sort()).toEqual(["00000000", "17bebbff", "e4572eff"]);
  });

  it("is a small fraction of the full-size sample", async () => {
    const source = await full();
    const card = await presetCardImage(source, {});
    expect(card.length).toBeLessThan(source.length);
    expect(await sharp(card).metadata()).toMatchObject({ format: "webp", width: PRESET_CARD_PX });
  });
});
