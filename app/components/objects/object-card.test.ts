import { describe, expect, it } from "vitest";
import type { ObjectSummary } from "#domain/objects";
import { objectCardData } from "./object-card";

const object: ObjectSummary = {
  id: "obj1",
  name: "Iron sword",
  style: { id: "sty1", name: "Flat", defaultModel: null },
  setId: "job1",
  size: "square",
  detail: "draft",
  transparent: true,
  cover: {
    id: "img1",
    url: "/api/images/img1",
    signature: "1.abc",
    width: 1024,
    height: 1024,
    hasAlpha: true,
    provider: "offline",
  },
  imageCount: 2,
  generating: false,
  madeBy: null,
  createdAt: "2026-11-29T10:00:00.000Z",
  updatedAt: "2026-11-29T10:05:00.000Z",
};

describe("objectCardData", () => {
  it("keeps what a card shows and drops the rest", () => {
    expect(objectCardData(object)).toEqual({
      id: "obj1",
      name: "Iron sword",
      style: object.style,
      cover: object.cover,
      imageCount: 2,
      generating: false,
      madeBy: null,
    });
  });
});
