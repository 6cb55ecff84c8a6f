// The OpenAPI walk's recolour step: the walk's set put in another palette with the API key, free,
// a bad palette refused naming its field, and the object's cover given back for the steps after.
import { expect, it } from "vitest";
import type { RecolourObjectsReply } from "#domain/recolour";
import type { OpenApiWalk } from "./openapi-helpers";

export function recoloursTheSet({ callWithKey, state }: OpenApiWalk) {
  it("with the key: recolours the set into another palette, free, and refuses a bad palette", async () => {
    const palette = ["#1b4965", "#5fa8d3", "#cae9ff"];
    const recoloured = await callWithKey<RecolourObjectsReply>("POST", "/api/objects/recolour", {
      json: { setId: state.setId, palette },
    });
    expect(recoloured.status).toBe(200);
    const made = recoloured.body.recoloured.find((r) => r.objectId === state.objectId)!;
    expect(made.image).toMatchObject({ credits: 0, lineage: { operation: "recoloured", palette } });

    const refused = await callWithKey<{ error: { fields: { path: string }[] } }>("POST", "/api/objects/recolour", {
      json: { setId: state.setId, palette: ["#1b4965"] },
    });
    expect([refused.status, refused.body.error.fields[0]!.path]).toEqual([400, "palette"]);

    const restored = await callWithKey("PATCH", "/api/objects/:id", {
      params: { id: state.objectId },
      json: { coverImageId: made.image.lineage.parentImageId },
    });
    expect(restored.status).toBe(200);
  });
}
