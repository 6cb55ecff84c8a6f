import { XMLParser } from "fast-xml-parser";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { ObjectDetail, ObjectImageView } from "#domain/objects";
import { isSeamless } from "#server/images/tiles/seam";
import { testDatabases } from "../support/databases";
import { balanceOf, createStyleThroughApi, json, runJob, submitObjects } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi } from "../support/test-server";
import { readZip } from "../support/zip";

type ErrorReply = { error: { message: string; fields?: { path: string }[] } };

describe.each(testDatabases)("seamless tiles and autotile sets on $name", (target) => {
  const api = setUpSignedInApi(target, "ann-tiles@example.com");
  const post = (path: string, body: Record<string, unknown>, cookie = api.user.cookie) =>
    api.server.call(path, { method: "POST", cookie, json: body });
  const madeImage = async (response: Response) => (await json<{ image: ObjectImageView }>(response)).image;
  const rgbaOf = async (url: string) => {
    const file = Buffer.from(await (await api.server.call(url, { cookie: api.user.cookie })).arrayBuffer());
    const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  };

  /** Grass and dirt from the preview engine, each made into a seamless tile of `size`. */
  async function grassAndDirt(size = 32) {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const set = await submitObjects(api.server, api.user.cookie, {
      styleId,
      subjects: ["Grass", "Dirt"],
      transparent: false,
    });
    expect((await runJob(api.server, set.job.id))?.status).toBe("succeeded");
    const tiles = [];
    for (const made of set.objects) {
      const { object } = await json<{ object: ObjectDetail }>(
        await api.server.call(`/api/objects/${made.id}`, { cookie: api.user.cookie }),
      );
      const response = await post(`/api/objects/${object.id}/seamless-tile`, {
        imageId: object.images[0]!.id,
        tileSize: size,
      });
      expect(response.status).toBe(201);
      tiles.push({ objectId: object.id, source: object.images[0]!, tile: await madeImage(response) });
    }
    return { grass: tiles[0]!, dirt: tiles[1]! };
  }

  it("makes seamless tiles, free and once per size, and an autotile set for Tiled and Godot", async () => {
    const { grass, dirt } = await grassAndDirt();
    // Tiles and sets are Motif's own work: from here on nothing is charged.
    const before = await balanceOf(api.database.db, api.user.userId);
    expect(grass.tile).toMatchObject({
      width: 32,
      height: 32,
      hasAlpha: false,
      transparent: false,
      credits: 0,
      lineage: {
        operation: "tiled",
        parentImageId: grass.source.id,
        tile: { size: 32, kind: "texture", lowerImageId: null },
      },
    });
    expect(isSeamless(await rgbaOf(grass.tile.url))).toBe(true);
    expect(isSeamless(await rgbaOf(dirt.tile.url))).toBe(true);
    const again = await post(`/api/objects/${grass.objectId}/seamless-tile`, {
      imageId: grass.source.id,
      tileSize: 32,
    });
    expect(again.status).toBe(200);
    expect((await madeImage(again)).id).toBe(grass.tile.id);

    const response = await post(`/api/objects/${grass.objectId}/autotile-set`, {
      imageId: grass.tile.id,
      lowerImageId: dirt.tile.id,
      kind: "corners",
    });
    expect(response.status).toBe(201);
    const set = await madeImage(response);
    expect(set).toMatchObject({
      width: 128,
      height: 128,
      lineage: {
        operation: "autotiled",
        parentImageId: grass.tile.id,
        tile: { size: 32, kind: "corners", lowerImageId: dirt.tile.id },
      },
    });

    const tiled = await api.server.call(`${set.url}/tileset.zip?for=tiled`, { cookie: api.user.cookie });
    expect(tiled.status).toBe(200);
    expect(tiled.headers.get("content-disposition")).toBe('attachment; filename="grass-over-dirt-tiled.zip"');
    const files = await readZip(Buffer.from(await tiled.arrayBuffer()));
    expect(files.map((f) => f.name).sort()).toEqual([
      "grass-over-dirt-sample.tmx",
      "grass-over-dirt.png",
      "grass-over-dirt.tsx",
    ]);
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" });
    const { tileset } = parser.parse(files.find((f) => f.name.endsWith(".tsx"))!.data.toString()) as {
      tileset: { tilecount: string; wangsets: { wangset: { type: string; wangtile: unknown[] } } };
    };
    expect(tileset.tilecount).toBe("16");
    expect(tileset.wangsets.wangset).toMatchObject({ type: "corner" });
    expect(tileset.wangsets.wangset.wangtile).toHaveLength(16);
    const png = await sharp(files.find((f) => f.name.endsWith(".png"))!.data).metadata();
    expect([png.width, png.height]).toEqual([128, 128]);

    const godot = await api.server.call(`${set.url}/tileset.zip?for=godot`, { cookie: api.user.cookie });
    const godotFiles = await readZip(Buffer.from(await godot.arrayBuffer()));
    expect(godotFiles.map((f) => f.name).sort()).toEqual(["grass-over-dirt.png", "grass-over-dirt.tres"]);
    const tres = godotFiles.find((f) => f.name.endsWith(".tres"))!.data.toString();
    expect(tres).toContain("terrain_set_0/mode = 1");
    expect(tres).toContain('terrain_set_0/terrain_1/name = "Grass"');

    const blob = await madeImage(
      await post(`/api/objects/${grass.objectId}/autotile-set`, {
        imageId: grass.tile.id,
        lowerImageId: dirt.tile.id,
        kind: "blob",
      }),
    );
    expect([blob.width, blob.height, blob.lineage.tile?.kind]).toEqual([256, 192, "blob"]);
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before);
  });

  it("refuses what is not a tile, tiles of two sizes and bad input, making nothing", async () => {
    const { grass, dirt } = await grassAndDirt(32);
    const small = await madeImage(
      await post(`/api/objects/${dirt.objectId}/seamless-tile`, { imageId: dirt.source.id, tileSize: 16 }),
    );
    const autotile = (body: Record<string, unknown>) => post(`/api/objects/${grass.objectId}/autotile-set`, body);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ imageId: grass.source.id, lowerImageId: dirt.tile.id }, 400, "Make this image a seamless tile first."],
      [
        { imageId: grass.tile.id, lowerImageId: dirt.source.id },
        400,
        "The lower terrain must be a seamless tile: make one first.",
      ],
      [
        { imageId: grass.tile.id, lowerImageId: small.id },
        400,
        "The two tiles differ in size (32 and 16 px): make them the same size.",
      ],
      [{ imageId: grass.tile.id, lowerImageId: "img_missing" }, 404, "No such image."],
    ];
    for (const [body, status, message] of cases) {
      const response = await autotile(body);
      expect(response.status, message).toBe(status);
      expect((await json<ErrorReply>(response)).error.message).toBe(message);
    }
    for (const [body, path] of [
      [{ imageId: grass.tile.id, lowerImageId: dirt.tile.id, kind: "wang" }, "kind"],
      [{ imageId: grass.tile.id }, "lowerImageId"],
    ] as const) {
      expect((await json<ErrorReply>(await autotile(body))).error.fields?.map((f) => f.path)).toEqual([path]);
    }
    const badSize = await post(`/api/objects/${grass.objectId}/seamless-tile`, {
      imageId: grass.source.id,
      tileSize: 20,
    });
    expect((await json<ErrorReply>(badSize)).error.fields?.map((f) => f.path)).toEqual(["tileSize"]);

    const notASet = await api.server.call(`${grass.tile.url}/tileset.zip?for=tiled`, { cookie: api.user.cookie });
    expect(notASet.status).toBe(409);
    expect((await json<ErrorReply>(notASet)).error.message).toBe(
      "Only an autotile set downloads as a tileset: make one from a seamless tile first.",
    );
    const badFor = await api.server.call(`${grass.tile.url}/tileset.zip?for=unity`, { cookie: api.user.cookie });
    expect((await json<ErrorReply>(badFor)).error.fields?.map((f) => f.path)).toEqual(["for"]);

    const other = await signInThroughApi(api.server, "bob-tiles@example.com");
    expect(
      (await post(`/api/objects/${grass.objectId}/seamless-tile`, { imageId: grass.source.id }, other.cookie)).status,
    ).toBe(404);
    const theirs = await api.server.call(`${grass.tile.url}/tileset.zip?for=tiled`, { cookie: other.cookie });
    expect(theirs.status).toBe(404);
  });
});
