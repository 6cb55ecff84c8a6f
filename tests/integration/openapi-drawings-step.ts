// A step of the walk in openapi.test.ts, registered there in its place: the drawings the preview
// engine offers for the walk's object, one chosen (its new cover), and one it does not offer refused.
import { expect, it } from "vitest";
import type { DrawingsReply } from "#domain/drawings";
import type { ObjectDetail } from "#domain/objects";
import type { OpenApiWalk } from "./openapi-helpers";

export function choosesAnObjectsDrawing({ callWithKey, state }: OpenApiWalk) {
  it("with the key: lists the drawings an object may be drawn from, and chooses another", async () => {
    const params = { id: state.objectId };
    const listed = await callWithKey<DrawingsReply>("GET", "/api/objects/:id/drawings", { params });
    expect(listed.status).toBe(200);
    const other = listed.body.candidates.find((c) => c.icon !== listed.body.current?.icon)!;
    const chosen = await callWithKey<{ object: ObjectDetail }>("POST", "/api/objects/:id/drawing", {
      params,
      json: { set: other.set, icon: other.icon },
    });
    expect(chosen.status).toBe(200);
    const cover = chosen.body.object.images.find((i) => i.id === chosen.body.object.coverImageId);
    expect(cover?.credit?.icon).toBe(other.icon);
    const refused = await callWithKey("POST", "/api/objects/:id/drawing", {
      params,
      json: { set: other.set, icon: "no-such-icon" },
    });
    expect(refused.status).toBe(400);
  });
}
