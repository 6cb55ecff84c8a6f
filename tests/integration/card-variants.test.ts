import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stageImage } from "#domain/image-url";
import { images } from "#server/db/schema";
import { cardVariantSizes, cardVariantsSettled, makeCardVariants } from "#server/images/card-variants.server";
import { derivativeKey } from "#server/images/optimize.server";
import { testDatabases } from "../support/databases";
import { createStyleThroughApi } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";

describe.each(testDatabases)("grid copies made when an image is stored, on $name", (target) => {
  const api = setUpSignedInApi(target, "grid-copies@example.com");

  it("stores each image with the copies the grids ask for, and the endpoint sends those without converting", async () => {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie, { name: "Premade" });
    await cardVariantsSettled();
    const anchors = await api.database.db.select().from(images).where(eq(images.styleId, styleId));
    expect(anchors).toHaveLength(4);
    const { storage } = api.server.services;
    for (const anchor of anchors) {
      const sizes = cardVariantSizes(anchor.width, { onStage: false });
      expect(sizes.length).toBeGreaterThan(0);
      for (const size of sizes) {
        const kept = await storage.read(derivativeKey(anchor.fileKey, size));
        expect(kept, `${anchor.fileKey} at ${size.width} px`).not.toBeNull();
        const served = await api.server.call(
          `/api/image?url=/api/images/${anchor.id}&w=${size.width}&q=${size.quality}`,
          { cookie: api.user.cookie },
        );
        expect(served.status).toBe(200);
        // The kept copy itself: a conversion made now would not be these bytes' file.
        expect(Buffer.from(await served.arrayBuffer()).equals(kept!)).toBe(true);
      }
    }
  });

  it("makes the object page's phone copy for an object's image only", () => {
    const stage = { width: stageImage.widths[0], quality: stageImage.quality };
    expect(cardVariantSizes(1024, { onStage: true })).toContainEqual(stage);
    expect(cardVariantSizes(1024, { onStage: false })).not.toContainEqual(stage);
  });

  it("removes copies that land after their image was deleted", async () => {
    const { storage } = api.server.services;
    const fileKey = `users/${api.user.userId}/styles/gone/image.png`;
    const { default: sharp } = await import("sharp");
    const data = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: "#2a9d8f" } })
      .png()
      .toBuffer();
    await storage.put(fileKey, data, "image/png");
    await makeCardVariants(
      { db: api.database.db, storage },
      { id: "no-such-image", fileKey, data, width: 1024, onStage: false },
    );
    for (const size of cardVariantSizes(1024, { onStage: false }))
      expect(await storage.read(derivativeKey(fileKey, size))).toBeNull();
  });

  it("a folder's deletion waits for the copies being made inside it, and leaves nothing", async () => {
    const { storage } = api.server.services;
    const folder = `users/${api.user.userId}/styles/racing`;
    const fileKey = `${folder}/image.png`;
    const { default: sharp } = await import("sharp");
    const data = await sharp({ create: { width: 1024, height: 1024, channels: 4, background: "#f4a23c80" } })
      .png()
      .toBuffer();
    await storage.put(fileKey, data, "image/png");
    const making = makeCardVariants(
      { db: api.database.db, storage },
      { id: "racing", fileKey, data, width: 1024, onStage: false },
    );
    await storage.deletePrefix(folder);
    await making;
    expect(api.files.filesUnder(folder)).toEqual([]);
  });
});
