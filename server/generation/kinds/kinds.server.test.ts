import { describe, expect, it } from "vitest";
import { drawnCell } from "#domain/animation";
import { jobKinds, type ObjectImagesParams } from "#domain/jobs";
import { jobKindModules, objectJobKinds, plannedObjectsOf, titleOf } from "./index.server";

const settings = { size: "square", detail: "draft", transparent: true } as const;
const set: ObjectImagesParams = {
  v: 1,
  ...settings,
  variations: 3,
  prompt: null,
  objects: [
    { id: "a", name: "Potion" },
    { id: "b", name: "Sword" },
  ],
};

const animation = {
  objectId: "a",
  name: "Knight",
  imageId: "i",
  action: "walk",
  words: null,
  frames: 4,
  directions: 1,
  mirror: true,
  loop: true,
  colours: null,
  redo: null,
} as const;

describe("job kinds, each one module", () => {
  it("are all registered, each with its own params schema", () => {
    expect(Object.keys(jobKindModules).sort()).toEqual([...jobKinds].sort());
    expect(objectJobKinds()).toEqual([
      "object-images",
      "variations",
      "edit",
      "upscale",
      "animation",
      "texture",
      "outpaint",
    ]);
  });

  it("count their images: a set's objects × variations, a view per view, one per edit or upscale", () => {
    expect(jobKindModules["object-images"].imageCount(set)).toBe(6);
    const variations = { v: 1, ...settings, objectId: "a", name: "Potion", count: 4 } as const;
    expect(jobKindModules.variations.imageCount(variations)).toBe(4);
    const upscale = { v: 1, ...settings, objectId: "a", name: "Potion", imageId: "i", factor: 2 } as const;
    expect(jobKindModules.upscale.imageCount(upscale)).toBe(1);
    expect(jobKindModules["style-samples"].imageCount({ v: 1, ...settings, subjects: ["a", "b", "c"] })).toBe(3);
    // An animation: frames × the directions drawn (the west-facing ones mirrored are free); a redo, one.
    const walk = { v: 1, ...settings, ...animation, frames: 8, directions: 8 } as const;
    expect(jobKindModules.animation.imageCount(walk)).toBe(8 * 5);
    expect(jobKindModules.animation.imageCount({ ...walk, mirror: false })).toBe(8 * 8);
    expect(jobKindModules.animation.imageCount({ ...walk, directions: 4 })).toBe(8 * 3);
    expect(jobKindModules.animation.imageCount({ ...walk, redo: { sheetImageId: "s", cell: 3 } })).toBe(1);
    // A mirrored row's frames are its opposite's among the drawn ones (S, SE, E, NE, N).
    expect(drawnCell({ directions: 8, frames: 8, mirror: true }, "w", 3)).toBe(2 * 8 + 3);
    expect(drawnCell({ directions: 8, frames: 8, mirror: false }, "w", 3)).toBe(6 * 8 + 3);
    expect(drawnCell({ directions: 8, frames: 8, mirror: true }, "n", 0)).toBe(4 * 8);
    const texture = { v: 1, ...settings, objectId: "a", name: "Grass", words: null } as const;
    expect(jobKindModules.texture.imageCount(texture)).toBe(1);
    expect(titleOf({ kind: "texture", params: texture }, { styleName: "", objectNames: ["Meadow"] })).toBe(
      "Texture of “Meadow”",
    );
    const sides = { left: 0, right: 0.5, top: 0, bottom: 0 };
    const outpaint = {
      v: 1,
      ...settings,
      objectId: "a",
      name: "Fox",
      imageId: "i",
      mode: "extend",
      sides,
      words: null,
    } as const;
    expect(jobKindModules.outpaint.imageCount(outpaint)).toBe(1);
    expect(titleOf({ kind: "outpaint", params: outpaint }, { styleName: "", objectNames: ["Fox"] })).toBe(
      "Outpaint of “Fox”",
    );
    const background = { ...outpaint, mode: "background" as const, words: "a misty forest" };
    expect(titleOf({ kind: "outpaint", params: background }, { styleName: "", objectNames: ["Fox"] })).toBe(
      "New background for “Fox”",
    );
  });

  it("say which objects a stored job fills, and none for a malformed record", () => {
    expect(plannedObjectsOf({ kind: "object-images", params: set })).toEqual([
      { id: "a", name: "Potion", total: 3 },
      { id: "b", name: "Sword", total: 3 },
    ]);
    expect(plannedObjectsOf({ kind: "object-images", params: { ...set, variations: 9 } })).toEqual([]);
    expect(plannedObjectsOf({ kind: "style-samples", params: { ...settings, subjects: ["a"] } })).toEqual([]);
  });

  it("name what a job made, with the names its objects and style have now", () => {
    const names = (styleName: string, objectNames: string[]) => ({ styleName, objectNames });
    expect(titleOf({ kind: "object-images", params: set }, names("Pixel Knights", ["Potion"]))).toBe(
      "Object “Potion” · Pixel Knights",
    );
    expect(titleOf({ kind: "object-images", params: set }, names("Pixel Knights", ["A", "B", "C", "D"]))).toBe(
      "4 objects (“A”, “B” and 2 more) · Pixel Knights",
    );
    const variations = { v: 1, ...settings, objectId: "a", name: "Sword", count: 3 };
    expect(titleOf({ kind: "variations", params: variations }, names("", ["Sword"]))).toBe("3 variations of “Sword”");
    const views = { ...variations, name: "Knight", count: 4, views: ["a", "b", "c", "d"] };
    expect(titleOf({ kind: "variations", params: views }, names("", ["Sir Knight"]))).toBe("4 views of “Sir Knight”");
    const edit = { v: 1, ...settings, objectId: "a", name: "Cat", imageId: "i", instruction: "hat", mask: "AAAA" };
    expect(titleOf({ kind: "edit", params: edit }, names("", ["Cat"]))).toBe("Region repainted in “Cat”");
    expect(titleOf({ kind: "edit", params: { ...edit, mask: null } }, names("", ["Cat"]))).toBe("Edit of “Cat”");
    const upscale = { v: 1, ...settings, objectId: "a", name: "Cat", imageId: "i", factor: 4 };
    expect(titleOf({ kind: "upscale", params: upscale }, names("", ["Cat"]))).toBe("AI upscale ×4 of “Cat”");
    expect(titleOf({ kind: "style-samples", params: { ...settings, subjects: ["a"] } }, names("Warm icons", []))).toBe(
      "Sample images for “Warm icons”",
    );
    expect(titleOf({ kind: "upscale", params: { ...upscale, factor: 3 } }, names("", ["Cat"]))).toBeNull();
    const walk = { v: 1, ...settings, ...animation };
    expect(titleOf({ kind: "animation", params: walk }, names("", ["Knight"]))).toBe("Walk animation of “Knight”");
    const redo = { ...walk, words: "swinging a sword", redo: { sheetImageId: "s", cell: 0 } };
    expect(titleOf({ kind: "animation", params: redo }, names("", ["Knight"]))).toBe(
      "Frame redrawn in “Knight”’s swinging a sword",
    );
  });
});
