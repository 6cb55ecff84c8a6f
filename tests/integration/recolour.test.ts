// Recolouring a set, a selection or a style's objects into another palette through the API: every
// opaque pixel lands on the new palette, a vector original's SVG fills are exactly its colours,
// the new image is the cover with the lineage "recoloured", and nothing is charged. On both databases.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { ObjectDetail, ObjectImageView } from "#domain/objects";
import type { RecolourObjectsReply } from "#domain/recolour";
import { images } from "#server/db/schema";
import { colourDistance, parseHex } from "#server/generation/pipeline/key-colour";
import { svgColours } from "#server/objects/recolour/recolour-svg";
import { nativeSvgKey } from "#server/storage/folders.server";
import { testDatabases } from "../support/databases";
import {
  balanceOf,
  createStyleThroughApi,
  insertObjects,
  json,
  ledgerSum,
  runJob,
  submitObjects,
} from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi } from "../support/test-server";

const palette = ["#1b4965", "#5fa8d3", "#cae9ff", "#f4a261"];
/** How far (redmean) a recoloured pixel may be from a palette colour: none, it is one. */
const TOLERANCE = 1;

type ErrorReply = { error: { code: string; message: string; fields?: { path: string; message: string }[] } };

const vectorIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="256" height="256">
  <rect x="4" y="4" width="56" height="56" rx="8" fill="#e76f51" stroke="#222" stroke-width="4"/>
  <circle cx="32" cy="32" r="10" style="fill: rgb(255, 241, 214)"/></svg>`;

describe.each(testDatabases)("recolouring objects on $name", (target) => {
  const api = setUpSignedInApi(target, "ann-recolour@example.com");

  const recolour = (body: Record<string, unknown>, cookie = api.user.cookie) =>
    api.server.call("/api/objects/recolour", { method: "POST", cookie, json: body });
  const getObject = async (id: string) =>
    (await json<{ object: ObjectDetail }>(await api.server.call(`/api/objects/${id}`, { cookie: api.user.cookie })))
      .object;
  const fileOf = async (image: Pick<ObjectImageView, "url">) =>
    Buffer.from(await (await api.server.call(image.url, { cookie: api.user.cookie })).arrayBuffer());

  /** A set of three objects drawn by the preview engine. */
  async function aSet() {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const set = await submitObjects(api.server, api.user.cookie, {
      styleId,
      subjects: ["Fox", "Sword", "Potion"],
      transparent: true,
    });
    expect((await runJob(api.server, set.job.id))?.status).toBe("succeeded");
    return { styleId, setId: set.job.id, objectIds: set.objects.map((o) => o.id) };
  }

  async function expectInPalette(file: Buffer) {
    const { data } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    let opaque = 0;
    for (let p = 0; p < data.length; p += 4) {
      if (data[p + 3]! < 255) continue;
      opaque++;
      const pixel = { r: data[p]!, g: data[p + 1]!, b: data[p + 2]! };
      const nearest = Math.min(...palette.map((c) => colourDistance(pixel, parseHex(c)!)));
      if (nearest > TOLERANCE) throw new Error(`A pixel ${JSON.stringify(pixel)} is off the palette by ${nearest}.`);
    }
    expect(opaque).toBeGreaterThan(0);
  }

  it("recolours a set's covers into new covers, every opaque pixel in the palette, free", async () => {
    const { setId, objectIds } = await aSet();
    const before = await balanceOf(api.database.db, api.user.userId);
    const response = await recolour({ setId, palette: palette.map((c) => c.toUpperCase()) });
    expect(response.status).toBe(200);
    const reply = await json<RecolourObjectsReply>(response);
    expect(reply.skipped).toEqual([]);
    expect(reply.recoloured.map((r) => r.objectId).sort()).toEqual([...objectIds].sort());
    for (const { objectId, image, existing } of reply.recoloured) {
      expect(existing).toBe(false);
      expect(image).toMatchObject({ credits: 0, lineage: { operation: "recoloured", palette } });
      const object = await getObject(objectId);
      expect(object.coverImageId).toBe(image.id);
      expect(object.images.map((i) => i.id)).toContain(image.lineage.parentImageId);
      await expectInPalette(await fileOf(image));
    }
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before);
    expect(await ledgerSum(api.database.db, api.user.userId)).toBe(before);

    // The same palette again answers the same images; another is taken from the drawn colours again.
    const again = await json<RecolourObjectsReply>(await recolour({ ids: objectIds, palette }));
    expect(again.recoloured.map((r) => r.existing)).toEqual([true, true, true]);
    expect(again.recoloured.map((r) => r.image.id)).toEqual(reply.recoloured.map((r) => r.image.id));
    const other = await json<RecolourObjectsReply>(
      await recolour({ ids: [objectIds[0]!], palette: ["#000000", "#ffffff"] }),
    );
    const first = reply.recoloured.find((r) => r.objectId === objectIds[0])!.image;
    expect(other.recoloured[0]!.image.lineage.parentImageId).toBe(first.lineage.parentImageId);
  });

  it("recolours a vector original's SVG so its fills are exactly the palette's", async () => {
    const { styleId, objectIds } = await aSet();
    const [image] = await api.database.db.select().from(images).where(eq(images.objectId, objectIds[0]!));
    const png = await sharp(Buffer.from(vectorIcon)).png().toBuffer();
    await api.server.services.storage.put(image!.fileKey, png, "image/png");
    await api.server.services.storage.put(nativeSvgKey(image!.fileKey), Buffer.from(vectorIcon), "image/svg+xml");
    await api.database.db
      .update(images)
      .set({ svgKey: nativeSvgKey(image!.fileKey), width: 256, height: 256 })
      .where(eq(images.id, image!.id));

    const reply = await json<RecolourObjectsReply>(await recolour({ styleId, palette }));
    expect(reply.recoloured).toHaveLength(3);
    const made = reply.recoloured.find((r) => r.objectId === objectIds[0])!.image;
    await expectInPalette(await fileOf(made));
    const [record] = await api.database.db.select().from(images).where(eq(images.id, made.id));
    expect(record!.svgKey).toBe(nativeSvgKey(record!.fileKey));
    const svg = (await api.server.services.storage.read(record!.svgKey!))!.toString("utf8");
    const fills = svgColours(svg);
    expect(fills.length).toBe(3);
    for (const fill of fills) expect(palette).toContain(fill);
  });

  it("refuses another workspace's objects (404) and bad input (400 naming the field)", async () => {
    const { setId, styleId, objectIds } = await aSet();
    const bob = await signInThroughApi(api.server, "bob-recolour@example.com");
    for (const scope of [{ ids: objectIds }, { setId }, { styleId }]) {
      const refused = await recolour({ ...scope, palette }, bob.cookie);
      expect(refused.status).toBe(404);
    }
    const refusals: [Record<string, unknown>, string][] = [
      [{ setId, palette: ["#112233"] }, "palette"],
      [{ setId, palette: ["#112233", "blue"] }, "palette.1"],
      [{ setId, palette: Array.from({ length: 9 }, (_, i) => `#00000${i}`) }, "palette"],
      [{ setId, palette: ["#112233", "#112233"] }, "palette"],
      [{ setId }, "palette"],
      [{ palette }, "ids"],
      [{ setId, styleId, palette }, "ids"],
    ];
    for (const [body, field] of refusals) {
      const response = await recolour(body);
      expect(response.status).toBe(400);
      const { error } = await json<ErrorReply>(response);
      expect(error.fields?.map((f) => f.path)).toContain(field);
    }
    const untouched = await getObject(objectIds[0]!);
    expect(untouched.images.every((i) => i.lineage.operation !== "recoloured")).toBe(true);
  });

  it("says which objects have no image to recolour, and refuses more than it does at once (409)", async () => {
    const { styleId } = await aSet();
    const [empty] = await insertObjects(api.database.db, {
      ownerId: api.user.userId,
      styleId,
      rows: [{ name: "Unmade" }],
    });
    const reply = await json<RecolourObjectsReply>(await recolour({ styleId, palette }));
    expect([reply.recoloured.length, reply.skipped]).toEqual([3, [empty!.id]]);

    await insertObjects(api.database.db, {
      ownerId: api.user.userId,
      styleId,
      rows: Array.from({ length: 100 }, (_, i) => ({ name: `Crate ${i}` })),
    });
    const refused = await recolour({ styleId, palette });
    expect(refused.status).toBe(409);
    expect((await json<ErrorReply>(refused)).error.message).toBe(
      "These are 104 objects; recolour at most 100 at once: select fewer.",
    );
  });
});
