import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { ObjectDetail, ObjectImageView } from "#domain/objects";
import { testDatabases } from "../support/databases";
import { balanceOf, createStyleThroughApi, json, runJob, submitObjects } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi } from "../support/test-server";
import { readZip } from "../support/zip";

type ErrorReply = { error: { message: string; fields?: { path: string }[] } };

describe.each(testDatabases)("animations on $name", (target) => {
  const api = setUpSignedInApi(target, "ann-animation@example.com");
  const animate = (objectId: string, body: Record<string, unknown>, cookie = api.user.cookie) =>
    api.server.call(`/api/objects/${objectId}/animation`, { method: "POST", cookie, json: body });
  const zipOf = async (url: string) => {
    const response = await api.server.call(url, { cookie: api.user.cookie });
    expect(response.status, url).toBe(200);
    return readZip(Buffer.from(await response.arrayBuffer()));
  };

  async function knight() {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Knight"], transparent: true });
    expect((await runJob(api.server, set.job.id))?.status).toBe("succeeded");
    const { object } = await json<{ object: ObjectDetail }>(
      await api.server.call(`/api/objects/${set.objects[0]!.id}`, { cookie: api.user.cookie }),
    );
    return { objectId: object.id, source: object.images[0]! };
  }

  it("makes an 8-direction walk sheet, free and once per settings, and downloads it for Aseprite, Godot, TexturePacker and as GIFs", async () => {
    const { objectId, source } = await knight();
    const before = await balanceOf(api.database.db, api.user.userId);
    const response = await animate(objectId, { imageId: source.id, action: "walk", frames: 8, directions: 8 });
    expect(response.status).toBe(201);
    const { image } = await json<{ image: ObjectImageView }>(response);
    expect(image).toMatchObject({
      width: 8 * 256,
      height: 8 * 256,
      hasAlpha: true,
      credits: 0,
      lineage: {
        operation: "animated",
        parentImageId: source.id,
        animation: { action: "walk", frames: 8, directions: 8, loop: true, colours: null, cell: 256, fps: 10 },
      },
    });
    const again = await animate(objectId, { imageId: source.id, action: "walk", frames: 8, directions: 8 });
    expect(again.status).toBe(200);

    const aseprite = await zipOf(`${image.url}/animation.zip?for=aseprite`);
    expect(aseprite.map((f) => f.name).sort()).toEqual(["knight-walk.json", "knight-walk.png"]);
    const json8 = JSON.parse(aseprite.find((f) => f.name.endsWith(".json"))!.data.toString()) as {
      frames: Record<string, { frame: { x: number; y: number; w: number; h: number }; duration: number }>;
      meta: { image: string; size: { w: number; h: number }; frameTags: { name: string; from: number; to: number }[] };
    };
    expect(Object.keys(json8.frames)).toHaveLength(64);
    expect(json8.meta).toMatchObject({ image: "knight-walk.png", size: { w: 2048, h: 2048 } });
    expect(json8.meta.frameTags.map((t) => t.name)).toEqual(
      ["s", "se", "e", "ne", "n", "nw", "w", "sw"].map((d) => `walk-${d}`),
    );
    for (const { frame } of Object.values(json8.frames)) {
      expect(frame.x + frame.w).toBeLessThanOrEqual(2048);
      expect(frame.y + frame.h).toBeLessThanOrEqual(2048);
    }

    const godot = await zipOf(`${image.url}/animation.zip?for=godot`);
    const tres = godot.find((f) => f.name === "knight-walk.tres")!.data.toString();
    for (const direction of ["s", "se", "e", "ne", "n", "nw", "w", "sw"])
      expect(tres).toContain(`"name": &"walk_${direction}"`);
    expect(tres.match(/type="AtlasTexture"/g)).toHaveLength(64);

    const atlas = await zipOf(`${image.url}/animation.zip?for=texturepacker`);
    expect(atlas.map((f) => f.name).sort()).toEqual(["knight-walk-atlas.json", "knight-walk.png"]);

    const gifs = await zipOf(`${image.url}/animation.zip?for=gif`);
    expect(gifs).toHaveLength(8);
    const gif = await sharp(gifs[0]!.data, { animated: true }).metadata();
    expect([gif.format, gif.width, gif.loop]).toEqual(["gif", 256, 0]);
    expect(gif.delay!.reduce((sum, ms) => sum + ms, 0)).toBe(800);
    const webps = await zipOf(`${image.url}/animation.zip?for=webp`);
    expect(webps.map((f) => f.name)).toContain("knight-walk-sw.webp");
    const webp = await sharp(webps[0]!.data, { animated: true }).metadata();
    expect([webp.format, webp.pages, webp.loop]).toEqual(["webp", 8, 0]);
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before);
  });

  it("answers bad input with 400 naming the field, and is nobody else's", async () => {
    const { objectId, source } = await knight();
    for (const [body, path] of [
      [{ imageId: source.id, frames: 5 }, "frames"],
      [{ imageId: source.id, directions: 2 }, "directions"],
      [{ imageId: source.id, action: "dance" }, "action"],
      [{ imageId: source.id, colours: 1 }, "colours"],
      [{ imageId: source.id, loop: "yes" }, "loop"],
    ] as const) {
      const response = await animate(objectId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json<ErrorReply>(response)).error.fields?.map((f) => f.path)).toEqual([path]);
    }
    const notOne = await api.server.call(`${source.url}/animation.zip?for=godot`, { cookie: api.user.cookie });
    expect(notOne.status).toBe(409);
    expect((await json<ErrorReply>(notOne)).error.message).toBe(
      "Only an animation downloads as frames: make one first.",
    );
    const other = await signInThroughApi(api.server, "bob-animation@example.com");
    expect((await animate(objectId, { imageId: source.id }, other.cookie)).status).toBe(404);
  });
});
