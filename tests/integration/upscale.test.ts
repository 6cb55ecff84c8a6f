import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { ObjectDetail, ObjectImageView } from "#domain/objects";
import { images } from "#server/db/schema";
import { testDatabases } from "../support/databases";
import {
  balanceOf,
  createStyleThroughApi,
  json,
  ledgerSum,
  objectWithImage,
  runJob,
  submitObjects,
} from "../support/factories";
import { compositeOverBackground, renderSubject } from "../support/matte-fixtures";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi } from "../support/test-server";

describe.each(testDatabases)("upscaling an object's image on $name", (target) => {
  const api = setUpSignedInApi(target, "ann-upscale@example.com");

  const upscale = (objectId: string, body: Record<string, unknown>, cookie = api.user.cookie) =>
    api.server.call(`/api/objects/${objectId}/upscale`, { method: "POST", cookie, json: body });
  const getObject = async (id: string) =>
    (await json<{ object: ObjectDetail }>(await api.server.call(`/api/objects/${id}`, { cookie: api.user.cookie })))
      .object;
  const fileOf = async (image: Pick<ObjectImageView, "url">) =>
    Buffer.from(await (await api.server.call(image.url, { cookie: api.user.cookie })).arrayBuffer());

  /** A set of one transparent object made by the preview engine; its image. */
  async function transparentObject() {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Fox"], transparent: true });
    expect((await runJob(api.server, set.job.id))?.status).toBe("succeeded");
    const object = await getObject(set.objects[0]!.id);
    return { objectId: object.id, image: object.images[0]! };
  }

  it("makes a new image four times as large, free, transparency kept, with its lineage; once per factor", async () => {
    const { objectId, image: source } = await transparentObject();
    const before = await balanceOf(api.database.db, api.user.userId);
    const response = await upscale(objectId, { imageId: source.id, factor: 4 });
    expect(response.status).toBe(201);
    const { image } = await json<{ image: ObjectImageView }>(response);
    expect(image).toMatchObject({
      width: source.width * 4,
      height: source.height * 4,
      hasAlpha: true,
      transparent: true,
      format: "png",
      credits: 0,
      provider: source.provider,
      lineage: { operation: "upscaled", parentImageId: source.id, factor: 4, method: "basic" },
    });
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before);
    expect(await ledgerSum(api.database.db, api.user.userId)).toBe(before);

    // The file is what it says: four times the size, still see-through at the corner, opaque inside.
    const file = await fileOf(image);
    const meta = await sharp(file).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([source.width * 4, source.height * 4, true]);
    const stats = await sharp(file).stats();
    expect(stats.channels[3]!.min).toBe(0);
    expect(stats.channels[3]!.max).toBe(255);

    // Listed with the object after its source; the source itself is unchanged.
    const object = await getObject(objectId);
    expect(object.images.map((i) => i.id)).toEqual([source.id, image.id]);
    expect(object.images[0]!.lineage).toEqual({
      operation: "generated",
      parentImageId: null,
      factor: null,
      method: null,
      view: null,
      instruction: null,
      sides: null,
      pixelArt: null,
      palette: null,
      normalise: null,
      tile: null,
      animation: null,
    });

    // Again: the same image, 200, nothing new stored.
    const again = await upscale(objectId, { imageId: source.id, factor: 4 });
    expect(again.status).toBe(200);
    expect((await json<{ image: ObjectImageView }>(again)).image.id).toBe(image.id);
    // ×2 is another image.
    const twice = await upscale(objectId, { imageId: source.id, factor: 2 });
    expect(twice.status).toBe(201);
    const doubled = (await json<{ image: ObjectImageView }>(twice)).image;
    expect([doubled.width, doubled.lineage.factor]).toEqual([source.width * 2, 2]);
    expect(await api.database.db.select().from(images).where(eq(images.objectId, objectId))).toHaveLength(3);
  });

  it("refuses a result over the largest side, and bad input, storing nothing", async () => {
    const { objectId, image: source } = await transparentObject();
    const big = await json<{ image: ObjectImageView }>(await upscale(objectId, { imageId: source.id, factor: 4 }));
    // 1024 × 4 = 4096, × 4 again = 16384: over the default 8192.
    const over = await upscale(objectId, { imageId: big.image.id, factor: 4 });
    expect(over.status).toBe(400);
    expect((await json<{ error: { message: string } }>(over)).error.message).toBe(
      `×4 would make ${big.image.width * 4} × ${big.image.height * 4} px; this Motif makes images up to 8192 px on a side.`,
    );
    for (const body of [{ imageId: source.id, factor: 3 }, { imageId: source.id }, { factor: 2 }]) {
      expect((await upscale(objectId, body)).status).toBe(400);
    }
    expect((await upscale(objectId, { imageId: "img_missing", factor: 2 })).status).toBe(404);
    expect(await api.database.db.select().from(images).where(eq(images.objectId, objectId))).toHaveLength(2);
  });

  it("is nobody else's to upscale", async () => {
    const { objectId, image } = await transparentObject();
    const other = await signInThroughApi(api.server, "bob-upscale@example.com");
    expect((await upscale(objectId, { imageId: image.id, factor: 2 }, other.cookie)).status).toBe(404);
    expect(await api.database.db.select().from(images).where(eq(images.objectId, objectId))).toHaveLength(1);
  });

  it("keeps the lineage through upscale then background removal, each step paid once", async () => {
    const flat = await compositeOverBackground(await renderSubject("potion", 256), {
      background: { r: 250, g: 246, b: 236 },
      lossless: true,
    });
    const { objectId, imageId } = await objectWithImage(api, flat);
    const before = await balanceOf(api.database.db, api.user.userId);
    const up = await json<{ image: ObjectImageView }>(await upscale(objectId, { imageId, factor: 2 }));
    expect(up.image).toMatchObject({ width: 512, height: 512, hasAlpha: false });
    const removed = await api.server.call(`/api/objects/${objectId}/remove-background`, {
      method: "POST",
      cookie: api.user.cookie,
      json: { imageId: up.image.id },
    });
    expect(removed.status).toBe(201);
    const cut = (await json<{ image: ObjectImageView }>(removed)).image;
    expect(cut).toMatchObject({ width: 512, hasAlpha: true, credits: 1 });

    const object = await getObject(objectId);
    const byId = new Map(object.images.map((i) => [i.id, i.lineage]));
    expect(byId.get(imageId)).toMatchObject({ operation: "generated", parentImageId: null });
    expect(byId.get(up.image.id)).toMatchObject({ operation: "upscaled", parentImageId: imageId, factor: 2 });
    expect(byId.get(cut.id)).toMatchObject({ operation: "background-removed", parentImageId: up.image.id });
    // Removing the background of the original is still its own step: the upscale did not count as one.
    const original = await api.server.call(`/api/objects/${objectId}/remove-background`, {
      method: "POST",
      cookie: api.user.cookie,
      json: { imageId },
    });
    expect(original.status).toBe(201);
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before - 2);
    expect(await ledgerSum(api.database.db, api.user.userId)).toBe(before - 2);
  });
});
