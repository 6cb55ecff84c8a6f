// The OpenAPI walk's game-asset step: pixel art, a seamless tile, an autotile set and an animation
// made from the walk's object's image with the API key, and each downloaded, every answer checked
// against the document.
import { expect, it } from "vitest";
import { choosesAnObjectsDrawing } from "./openapi-drawings-step";
import { learnsStylesAndCharacters } from "./openapi-learning-step";
import { recoloursTheSet } from "./openapi-recolour-step";
import { normalisesTheSet } from "./openapi-normalise-step";
import { packagesTheSetsIcons } from "./openapi-icon-packages-step";
import type { OpenApiWalk } from "./openapi-helpers";

type Made = { image: { id: string; width: number } };

export function makesGameAssets({ callWithKey, state }: OpenApiWalk) {
  it("with the key: makes pixel art, a seamless tile, an autotile set and an animation, and downloads each", async () => {
    const params = { id: state.objectId };
    const pixels = await callWithKey<Made>("POST", "/api/objects/:id/pixel-art", {
      params,
      json: { imageId: state.imageId, grid: 32, palette: "pico-8" },
    });
    expect([pixels.status, pixels.body.image.width]).toEqual([201, 32]);
    const scaled = await callWithKey("GET", "/api/images/:id/scaled", {
      params: { id: pixels.body.image.id },
      query: "scale=4",
    });
    expect([scaled.status, scaled.response.headers.get("content-type")]).toEqual([200, "image/png"]);

    const tile = await callWithKey<Made>("POST", "/api/objects/:id/seamless-tile", {
      params,
      json: { imageId: state.imageId, tileSize: 32 },
    });
    expect(tile.status).toBe(201);
    const set = await callWithKey<Made>("POST", "/api/objects/:id/autotile-set", {
      params,
      json: { imageId: tile.body.image.id, lowerImageId: tile.body.image.id, kind: "corners" },
    });
    expect([set.status, set.body.image.width]).toEqual([201, 128]);
    const tileset = await callWithKey("GET", "/api/images/:id/tileset.zip", {
      params: { id: set.body.image.id },
      query: "for=godot",
    });
    expect(tileset.status).toBe(200);
    // Nor can it draw a texture: it draws its own, free, as the seamless tile above.
    const texture = await callWithKey<{ error: { message: string } }>("POST", "/api/objects/:id/drawn-texture", {
      params,
      json: { words: "mossy cobblestones" },
    });
    expect([texture.status, texture.body.error.message]).toEqual([409, expect.stringContaining("Seamless tile")]);

    const animation = await callWithKey<Made>("POST", "/api/objects/:id/animation", {
      params,
      json: { imageId: state.imageId, action: "walk", frames: 4, directions: 4 },
    });
    expect(animation.status).toBe(201);
    const gifs = await callWithKey("GET", "/api/images/:id/animation.zip", {
      params: { id: animation.body.image.id },
      query: "for=gif",
    });
    expect(gifs.status).toBe(200);
    const reordered = await callWithKey<Made>("POST", "/api/objects/:id/animation/frames", {
      params,
      json: { imageId: animation.body.image.id, order: [0, 2, 1] },
    });
    expect([reordered.status, reordered.body.image.width]).toEqual([201, (animation.body.image.width / 4) * 3]);

    // The preview engine is the only model here: it cannot draw frames, nor redraw one, as documented.
    type Refusal = { error: { message: string } };
    const drawn = await callWithKey<Refusal>("POST", "/api/objects/:id/drawn-animation", {
      params,
      json: { imageId: state.imageId, action: "walk", frames: 4 },
    });
    expect([drawn.status, drawn.body.error.message]).toEqual([409, expect.stringContaining("cannot draw frames")]);
    const redraw = await callWithKey<Refusal>("POST", "/api/objects/:id/animation/redraw-frame", {
      params,
      json: { imageId: animation.body.image.id, frame: 0 },
    });
    expect(redraw.status).toBe(409);
    // Nor extend an image, nor paint a new background: that needs a model that repaints a region.
    const outpaint = await callWithKey<Refusal>("POST", "/api/objects/:id/outpaint", {
      params,
      json: { imageId: state.imageId, mode: "extend", sides: { right: 0.5 }, words: "more of the meadow" },
    });
    expect([outpaint.status, outpaint.body.error.message]).toEqual([409, expect.stringContaining("repaints a region")]);
  });
}

/** The steps on one of the object's images: choosing its drawing, the game assets made from it, a character of it, its set recoloured. */
export function worksOnAnObjectsImage(walk: OpenApiWalk) {
  choosesAnObjectsDrawing(walk);
  makesGameAssets(walk);
  learnsStylesAndCharacters(walk);
  recoloursTheSet(walk);
  normalisesTheSet(walk);
  packagesTheSetsIcons(walk);
}
