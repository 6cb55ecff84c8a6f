import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { ObjectDetail, ObjectImageView } from "#domain/objects";
import { SVG_NOT_OFFERED } from "#domain/looks";
import { assertSafeSvg } from "#server/generation/pipeline/sanitize-svg.server";
import { NOT_FLAT_MESSAGE } from "#server/generation/pipeline/remove-background.server";
import { testDatabases } from "../support/databases";
import { balanceOf, grantCredits, json, ledgerSum, objectWithImage, readZip } from "../support/factories";
import {
  compositeOverBackground,
  GROUND_SHADOW_ALPHA,
  renderSubject,
  subjectOverGroundShadow,
} from "../support/matte-fixtures";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi } from "../support/test-server";
import { cardVariantsSettled } from "#server/images/card-variants.server";

describe.each(testDatabases)("removing backgrounds and downloading SVG on $name", (target) => {
  const api = setUpSignedInApi(target, "ann@example.com");

  const getObject = async (id: string, cookie = api.user.cookie) =>
    (await json<{ object: ObjectDetail }>(await api.server.call(`/api/objects/${id}`, { cookie }))).object;

  const flatBackgroundImage = async () =>
    compositeOverBackground(await renderSubject("potion", 256), {
      background: { r: 250, g: 246, b: 236 },
      lossless: true,
    });

  const removeBackground = (objectId: string, imageId: string, init: { key?: string; cookie?: string } = {}) =>
    api.server.call(`/api/objects/${objectId}/remove-background`, {
      method: "POST",
      cookie: init.cookie ?? api.user.cookie,
      json: { imageId },
      headers: init.key ? { "Idempotency-Key": init.key } : {},
    });

  it("makes a transparent variant of the object, charged once with a ledger line, after it is stored", async () => {
    const { objectId, imageId } = await objectWithImage(api, await flatBackgroundImage());
    const before = await balanceOf(api.database.db, api.user.userId);
    const response = await removeBackground(objectId, imageId);
    expect(response.status).toBe(201);
    const { image } = await json<{ image: ObjectImageView }>(response);
    expect(image).toMatchObject({ format: "png", hasAlpha: true, transparent: true, credits: 1 });
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before - 1);
    expect(await ledgerSum(api.database.db, api.user.userId)).toBe(before - 1);

    // The new variant is listed with the object, after the original, and its file is transparent.
    const object = await getObject(objectId);
    expect(object.images.map((i) => i.id)).toEqual([imageId, image.id]);
    const file = Buffer.from(await (await api.server.call(image.url, { cookie: api.user.cookie })).arrayBuffer());
    const meta = await sharp(file).metadata();
    expect(meta.hasAlpha).toBe(true);
    const corner = await sharp(file).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
    expect(corner[3]).toBe(0);

    const history = await json<{ entries: { delta: number; reason: string; title: string | null }[] }>(
      await api.server.call("/api/users/me/credits", { cookie: api.user.cookie }),
    );
    expect(history.entries[0]).toMatchObject({
      delta: -1,
      reason: "background_removal",
      title: "Background removed from “Potion”",
    });
  });

  it("answers a repeat with the same Idempotency-Key without charging or storing again", async () => {
    const { objectId, imageId } = await objectWithImage(api, await flatBackgroundImage());
    const before = await balanceOf(api.database.db, api.user.userId);
    const first = await removeBackground(objectId, imageId, { key: "remove-bg-once-1" });
    const again = await removeBackground(objectId, imageId, { key: "remove-bg-once-1" });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await json<{ image: { id: string } }>(again)).image.id).toBe(
      (await json<{ image: { id: string } }>(first)).image.id,
    );
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before - 1);
    expect((await getObject(objectId)).images).toHaveLength(2);
  });

  it("removes an image's background once: 20 requests at once without keys, and a later one, get the same image for one charge", async () => {
    const { objectId, imageId, styleId } = await objectWithImage(api, await flatBackgroundImage());
    await cardVariantsSettled();
    const before = await balanceOf(api.database.db, api.user.userId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => removeBackground(objectId, imageId)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(19).fill(200), 201]);
    const ids = await Promise.all(answers.map(async (a) => (await json<{ image: { id: string } }>(a)).image.id));
    expect(new Set(ids).size).toBe(1);
    const later = await removeBackground(objectId, imageId);
    expect(later.status).toBe(200);
    expect((await json<{ image: { id: string } }>(later)).image.id).toBe(ids[0]);

    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before - 1);
    expect(await ledgerSum(api.database.db, api.user.userId)).toBe(before - 1);
    expect((await getObject(objectId)).images.map((i) => i.id)).toEqual([imageId, ids[0]]);
    // The losers' files are gone: the original (with its grid copies) and the one new image.
    await cardVariantsSettled();
    const files = api.files.filesUnder(`users/${api.user.userId}/styles/${styleId}/objects/${objectId}`);
    expect(files.filter((file) => file.endsWith("-no-background.png"))).toHaveLength(1);
  });

  it("refuses a background that is not flat, without charging or leaving a file", async () => {
    // A subject over a left-to-right gradient: no single background colour.
    const gradient = Buffer.alloc(256 * 256 * 3);
    for (let i = 0; i < 256 * 256; i++) gradient.set([i % 256, 40, 255 - (i % 256)], i * 3);
    const subject = await sharp((await renderSubject("potion", 256)).rgba, {
      raw: { width: 256, height: 256, channels: 4 },
    })
      .png()
      .toBuffer();
    const file = await sharp(gradient, { raw: { width: 256, height: 256, channels: 3 } })
      .composite([{ input: subject }])
      .png()
      .toBuffer();
    const { objectId, imageId, styleId } = await objectWithImage(api, file);
    const before = await balanceOf(api.database.db, api.user.userId);
    await cardVariantsSettled();
    const filesBefore = api.files.filesUnder(`users/${api.user.userId}/styles/${styleId}`).length;
    expect(filesBefore).toBeGreaterThan(0);
    const response = await removeBackground(objectId, imageId);
    expect(response.status).toBe(400);
    expect((await json<{ error: { message: string } }>(response)).error.message).toBe(NOT_FLAT_MESSAGE);
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before);
    expect((await getObject(objectId)).images).toHaveLength(1);
    expect(api.files.filesUnder(`users/${api.user.userId}/styles/${styleId}`).length).toBe(filesBefore);
  });

  it("answers 404 for another user's image and charges nobody", async () => {
    const { objectId, imageId } = await objectWithImage(api, await flatBackgroundImage());
    const bob = await signInThroughApi(api.server, "bob@example.com");
    const bobBefore = await grantCredits(api.database.db, bob.userId, 10);
    const annBefore = await balanceOf(api.database.db, api.user.userId);
    const response = await removeBackground(objectId, imageId, { cookie: bob.cookie });
    expect(response.status).toBe(404);
    expect(await balanceOf(api.database.db, bob.userId)).toBe(bobBefore);
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(annBefore);
    expect((await getObject(objectId)).images).toHaveLength(1);
    const svg = await api.server.call(`/api/images/${imageId}/svg`, { cookie: bob.cookie });
    expect(svg.status).toBe(404);
  });

  it("refuses a request without an image id in a plain sentence", async () => {
    const { objectId } = await objectWithImage(api, await flatBackgroundImage());
    const response = await api.server.call(`/api/objects/${objectId}/remove-background`, {
      method: "POST",
      cookie: api.user.cookie,
      json: {},
    });
    expect(response.status).toBe(400);
  });

  it("downloads a flat style's image as a sanitised SVG attachment under a strict CSP", async () => {
    const { imageId } = await objectWithImage(api, await flatBackgroundImage());
    const response = await api.server.call(`/api/images/${imageId}/svg`, { cookie: api.user.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.svg"$/);
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const svg = await response.text();
    expect(svg).toMatch(/^<svg/);
    expect(() => assertSafeSvg(svg)).not.toThrow();
    expect(svg).toMatch(/#[0-9a-f]{3,6}\b/i);

    // One colour: every fill and stroke currentColor, no colour of its own; a file of its own name.
    const single = await api.server.call(`/api/images/${imageId}/svg?singleColour=true`, { cookie: api.user.cookie });
    expect(single.status).toBe(200);
    expect(single.headers.get("content-disposition")).toMatch(/-single-colour\.svg"$/);
    const one = await single.text();
    expect(() => assertSafeSvg(one)).not.toThrow();
    expect(one).toMatch(/currentColor/);
    expect(one).not.toMatch(/(fill|stroke)="(?!none|currentColor)[^"]+"/);
    expect(one).not.toMatch(/#[0-9a-f]{3,6}\b/i);
    expect(
      (await api.server.call(`/api/images/${imageId}/svg?singleColour=maybe`, { cookie: api.user.cookie })).status,
    ).toBe(400);
  });

  it("leaves a soft ground shadow out of the SVG, and keeps the subject as it was", async () => {
    const size = 256;
    const png = await subjectOverGroundShadow(size);
    const { imageId } = await objectWithImage(api, png);
    const response = await api.server.call(`/api/images/${imageId}/svg`, { cookie: api.user.cookie });
    expect(response.status).toBe(200);
    const svg = await response.text();
    expect(() => assertSafeSvg(svg)).not.toThrow();

    // Both drawn at the image's size; straight (not premultiplied) RGBA.
    const drawn = await sharp(Buffer.from(svg)).resize(size, size).ensureAlpha().raw().toBuffer();
    const raster = await sharp(png).ensureAlpha().raw().toBuffer();
    const shadow = { pixels: 0, drawnAlpha: 0 };
    const subject = { pixels: 0, drawnAlpha: 0, colourError: 0 };
    for (let i = 0; i < raster.length; i += 4) {
      const alpha = raster[i + 3]!;
      // The shadow's body: close to its 30 % (its blurred rim and the subject's edges aside).
      if (Math.abs(alpha - GROUND_SHADOW_ALPHA * 255) <= 12) {
        shadow.pixels++;
        shadow.drawnAlpha += drawn[i + 3]!;
      } else if (alpha === 255) {
        subject.pixels++;
        subject.drawnAlpha += drawn[i + 3]!;
        for (let c = 0; c < 3; c++) subject.colourError += Math.abs(drawn[i + c]! - raster[i + c]!) / 3;
      }
    }
    expect(shadow.pixels).toBeGreaterThan(1500);
    expect(subject.pixels).toBeGreaterThan(5000);
    // Where the raster has its 30 % grey shadow, the SVG draws nothing: a symbol is the subject alone.
    expect(shadow.drawnAlpha / shadow.pixels).toBeLessThan(0.02 * 255);
    // The opaque subject stays opaque and its colours: under 4 % mean error (edges included).
    expect(subject.drawnAlpha / subject.pixels).toBeGreaterThan(250);
    expect(subject.colourError / subject.pixels / 255).toBeLessThan(0.04);
  });

  it("offers no SVG for a style that is not flat", async () => {
    const { imageId } = await objectWithImage(
      api,
      await flatBackgroundImage(),
      "Oil painting portraits with thick brushstrokes and warm light",
    );
    const response = await api.server.call(`/api/images/${imageId}/svg`, { cookie: api.user.cookie });
    expect(response.status).toBe(409);
    expect((await json<{ error: { message: string } }>(response)).error.message).toBe(SVG_NOT_OFFERED);
  });

  it("puts an SVG of each flat-style image in the ZIP when asked, and none otherwise", async () => {
    const { objectId } = await objectWithImage(api, await flatBackgroundImage());
    const counts: (string | null)[] = [];
    const zip = async (query: string) => {
      const response = await api.server.call(`/api/objects/export.zip?ids=${objectId}${query}`, {
        cookie: api.user.cookie,
      });
      // How many image files will come, said before the first: what the dialog's progress counts against.
      counts.push(response.headers.get("x-file-count"));
      return readZip(Buffer.from(await response.arrayBuffer()));
    };
    const withSvg = await zip("&svg=true");
    const svgEntry = withSvg.find((e) => e.name.endsWith(".svg"));
    expect(svgEntry).toBeDefined();
    expect(() => assertSafeSvg(svgEntry!.data.toString("utf8"))).not.toThrow();
    const manifest = JSON.parse(withSvg.find((e) => e.name === "manifest.json")!.data.toString("utf8")) as {
      objects: { images: { file: string; svg?: string }[] }[];
    };
    expect(manifest.objects[0]!.images[0]!.svg).toBe(svgEntry!.name);
    expect((await zip("")).some((e) => e.name.endsWith(".svg"))).toBe(false);
    expect(counts).toEqual(["2", "1"]);
  });
});
