// Normalising a line set of 30 icons through the API: every cover's native SVG on the grid's
// viewBox, one stroke width across the set, a single-colour variant of currentColor and none only,
// the SVG at 24 px matching the PNG at 24 px, every artwork inside the live area with heights within
// ±8 % of each other; free, with the lineage "normalised", and refused to others. On both databases.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { NormaliseObjectsReply } from "#domain/normalise";
import type { ObjectDetail } from "#domain/objects";
import { images } from "#server/db/schema";
import { nativeSvgKey } from "#server/storage/folders.server";
import { testDatabases } from "../support/databases";
import { balanceOf, createStyleThroughApi, json, ledgerSum, runJob, submitObjects } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi } from "../support/test-server";

const SUBJECTS = [
  "Fox",
  "Sword",
  "Potion",
  "Shield",
  "Key",
  "Heart",
  "Star",
  "Coin",
  "Bow",
  "Axe",
  "Map",
  "Book",
  "Lamp",
  "Bell",
  "Crown",
  "Gem",
  "Apple",
  "Fish",
  "Tree",
  "House",
  "Cloud",
  "Moon",
  "Sun",
  "Boat",
  "Flag",
  "Ring",
  "Bottle",
  "Hammer",
  "Camera",
  "Clock",
];

/** Line icons a vector model might return: strokes of different weights, sizes and places. */
const strokedIcon = (width: number, size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="512" height="512">
  <rect x="${50 - size / 2}" y="${50 - size / 2}" width="${size}" height="${size * 0.8}" rx="6" fill="none" stroke="#222222" stroke-width="${width}"/>
  <circle cx="50" cy="${50 + size / 4}" r="${size / 6}" fill="none" stroke="#222222" stroke-width="${width}"/></svg>`;

const GRID = 24;
const PADDING = 2;
/** Pixels per grid unit the normalised SVGs are measured at. */
const MEASURE = 10;

type ErrorReply = { error: { code: string; message: string; fields?: { path: string; message: string }[] } };

/** Where an SVG's visible pixels lie, in grid units. */
async function boxOf(svg: string) {
  const side = GRID * MEASURE;
  const { data } = await sharp(Buffer.from(svg), { density: (72 * side) / GRID })
    .resize(side, side)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let [left, top, right, bottom] = [side, side, -1, -1];
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      if (data[(y * side + x) * 4 + 3]! <= 16) continue;
      [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
    }
  return { left: left / MEASURE, top: top / MEASURE, right: (right + 1) / MEASURE, bottom: (bottom + 1) / MEASURE };
}

/** The mean difference (0–255, colour weighted by alpha, and alpha) of two RGBA renders at 24 px. */
async function meanDifference(a: Buffer, b: Buffer) {
  const raw = async (input: Buffer, density?: number) =>
    await sharp(input, density ? { density } : {})
      .resize(24, 24, { fit: "contain", background: "#0000" })
      .ensureAlpha()
      .raw()
      .toBuffer();
  const [x, y] = [await raw(a, 72), await raw(b)];
  let sum = 0;
  for (let p = 0; p < x.length; p += 4) {
    const [ax, ay] = [x[p + 3]! / 255, y[p + 3]! / 255];
    for (let c = 0; c < 3; c++) sum += Math.abs(x[p + c]! * ax - y[p + c]! * ay);
    sum += Math.abs(x[p + 3]! - y[p + 3]!);
  }
  return sum / x.length;
}

describe.each(testDatabases)("normalising a set on $name", (target) => {
  const api = setUpSignedInApi(target, "nora-normalise@example.com");
  const normalise = (body: Record<string, unknown>, cookie = api.user.cookie) =>
    api.server.call("/api/objects/normalise", { method: "POST", cookie, json: body });
  const getObject = async (id: string) =>
    (await json<{ object: ObjectDetail }>(await api.server.call(`/api/objects/${id}`, { cookie: api.user.cookie })))
      .object;

  async function lineSet(subjects: string[]) {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie, {
      name: "Line icons",
      description: "Line art icons, monoline, rounded",
    });
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects });
    expect((await runJob(api.server, set.job.id))?.status).toBe("succeeded");
    return { styleId, setId: set.job.id, objectIds: set.objects.map((o) => o.id) };
  }

  /** Gives an object's first image a vector model's stroked original. */
  async function drawnAsVector(objectId: string, svg: string) {
    const [image] = await api.database.db.select().from(images).where(eq(images.objectId, objectId));
    await api.server.services.storage.put(image!.fileKey, await sharp(Buffer.from(svg)).png().toBuffer(), "image/png");
    await api.server.services.storage.put(nativeSvgKey(image!.fileKey), Buffer.from(svg), "image/svg+xml");
    await api.database.db
      .update(images)
      .set({ svgKey: nativeSvgKey(image!.fileKey), width: 512, height: 512 })
      .where(eq(images.id, image!.id));
  }

  it("brings a 30-icon line set to one grid, size, stroke width and palette, free", async () => {
    const { setId, objectIds } = await lineSet(SUBJECTS);
    await drawnAsVector(objectIds[0]!, strokedIcon(3, 60));
    await drawnAsVector(objectIds[1]!, strokedIcon(8, 90));
    await drawnAsVector(objectIds[2]!, strokedIcon(5, 30));
    const before = await balanceOf(api.database.db, api.user.userId);

    const response = await normalise({ setId, padding: PADDING });
    expect(response.status).toBe(200);
    const reply = await json<NormaliseObjectsReply>(response);
    expect(reply.skipped).toEqual([]);
    expect(reply.normalised).toHaveLength(30);
    expect(reply.treatment).toMatchObject({ grid: GRID, padding: PADDING });
    expect(reply.treatment.strokeWidth).toBeGreaterThan(0);
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before);
    expect(await ledgerSum(api.database.db, api.user.userId)).toBe(before);

    const heights: number[] = [];
    const strokeWidths = new Set<string>();
    for (const { objectId, image, existing } of reply.normalised) {
      expect(existing).toBe(false);
      expect(image).toMatchObject({ credits: 0, lineage: { operation: "normalised", normalise: reply.treatment } });
      expect((await getObject(objectId)).coverImageId).toBe(image.id);
      const [record] = await api.database.db.select().from(images).where(eq(images.id, image.id));
      const svg = (await api.server.services.storage.read(record!.svgKey!))!.toString("utf8");
      expect(svg).toMatch(new RegExp(`^<svg[^>]*viewBox="0 0 ${GRID} ${GRID}"`));
      for (const [, width] of svg.matchAll(/stroke-width="([^"]+)"/g)) strokeWidths.add(width!);

      const single = await api.server.call(`/api/images/${image.id}/svg?singleColour=true`, {
        cookie: api.user.cookie,
      });
      const paints = [...(await single.text()).matchAll(/(?:fill|stroke)(?:="|:\s*)([^";]+)/g)].map((m) => m[1]);
      expect(new Set(paints)).toEqual(new Set(paints.filter((p) => p === "currentColor" || p === "none")));
      expect(paints).toContain("currentColor");

      const png = (await api.server.services.storage.read(record!.fileKey))!;
      expect(await meanDifference(Buffer.from(svg), png)).toBeLessThan(8);

      const box = await boxOf(svg);
      const [low, high] = [PADDING - 0.1, GRID - PADDING + 0.1];
      expect([box.left, box.top].every((v) => v >= low) && [box.right, box.bottom].every((v) => v <= high)).toBe(true);
      heights.push(box.bottom - box.top);
    }
    // The three stroked originals came in at three weights and leave at one.
    expect([...strokeWidths]).toEqual([String(reply.treatment.strokeWidth)]);
    const typical = [...heights].sort((a, b) => a - b)[heights.length >> 1]!;
    for (const height of heights) expect(Math.abs(height - typical) / typical).toBeLessThanOrEqual(0.08);

    // The same again answers the same images, from the drawn covers.
    const again = await json<NormaliseObjectsReply>(await normalise({ ids: objectIds.slice(0, 30), padding: PADDING }));
    expect(again.normalised.every((n) => n.existing)).toBe(true);
  }, 240_000);

  it("refuses another workspace's objects (404) and bad input (400 naming the field)", async () => {
    const { setId, styleId, objectIds } = await lineSet(["Fox", "Key"]);
    const bob = await signInThroughApi(api.server, "bob-normalise@example.com");
    for (const scope of [{ ids: objectIds }, { setId }, { styleId }])
      expect((await normalise(scope, bob.cookie)).status).toBe(404);
    const refusals: [Record<string, unknown>, string][] = [
      [{ setId, grid: 23 }, "grid"],
      [{ setId, strokeWidth: 9 }, "strokeWidth"],
      [{ setId, padding: -1 }, "padding"],
      [{}, "ids"],
      [{ setId, styleId }, "ids"],
    ];
    for (const [body, field] of refusals) {
      const response = await normalise(body);
      expect(response.status).toBe(400);
      const { error } = await json<ErrorReply>(response);
      expect(error.fields?.map((f) => f.path)).toContain(field);
    }
    const untouched = await getObject(objectIds[0]!);
    expect(untouched.images.every((i) => i.lineage.operation !== "normalised")).toBe(true);
  });
});
