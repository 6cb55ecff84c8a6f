// The OpenAPI walk's normalise step: the walk's set brought to one grid, size and weight with the
// API key, free, a bad grid refused naming its field, and the object's cover given back for the steps after.
import { expect, it } from "vitest";
import type { NormaliseObjectsReply } from "#domain/normalise";
import type { OpenApiWalk } from "./openapi-helpers";

export function normalisesTheSet({ callWithKey, state }: OpenApiWalk) {
  it("with the key: normalises the set to one grid and size, free, and refuses a bad grid", async () => {
    const normalised = await callWithKey<NormaliseObjectsReply>("POST", "/api/objects/normalise", {
      json: { setId: state.setId, grid: 24 },
    });
    expect(normalised.status).toBe(200);
    const made = normalised.body.normalised.find((r) => r.objectId === state.objectId);
    if (made) {
      expect(made.image).toMatchObject({ credits: 0, lineage: { operation: "normalised" } });
      expect(made.image.lineage.normalise).toMatchObject({ grid: 24, padding: 2 });
    } else {
      expect(normalised.body.skipped.map((s) => s.objectId)).toContain(state.objectId);
    }

    const refused = await callWithKey<{ error: { fields: { path: string }[] } }>("POST", "/api/objects/normalise", {
      json: { setId: state.setId, grid: 23 },
    });
    expect([refused.status, refused.body.error.fields[0]!.path]).toEqual([400, "grid"]);

    if (!made) return;
    const restored = await callWithKey("PATCH", "/api/objects/:id", {
      params: { id: state.objectId },
      json: { coverImageId: made.image.lineage.parentImageId },
    });
    expect(restored.status).toBe(200);
  });
}
