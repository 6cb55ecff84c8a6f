import express from "express";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { presetSubjects, stylePresets } from "#domain/presets";
import { images } from "#server/db/schema";
import { presetCard } from "#server/styles/preset-cards.server";
import { testDatabases } from "../support/databases";
import { json, runJob } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";

/** The decoded pixels of a PNG: what a person sees, whatever the file's metadata. */
const pixels = async (png: Buffer) => (await sharp(png).ensureAlpha().raw().toBuffer()).toString("base64");

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

  it("gets as its samples exactly the images its preset's card shows", async () => {
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
          expect(card.headers.get("content-type")).toBe("image/png");
          const stored = (await api.server.services.storage.read(samples[i]!.fileKey))!;
          expect(await pixels(stored), `${preset.id}: ${preview.subject}`).toBe(
            await pixels(Buffer.from(await card.arrayBuffer())),
          );
        }
      }
      expect((await cards.get("/preset-cards/nope/chest.png")).status).toBe(404);
      expect((await cards.get("/preset-cards/flat/nope.png")).status).toBe(404);
    } finally {
      cards.close();
    }
  });
});
