// The OpenAPI walk's learning step: a character made from the walk's object's image and given an
// uploaded picture, drawn in the walk's style; a style's training pictures and prices; a training
// refused on the preview engine (it cannot train), and one that ended read, cancelled (answered as
// it is) and its kept weights downloaded, all with the API key, every answer checked against the
// document.
import { expect, it } from "vitest";
import { trainings } from "#server/db/schema";
import { form, png, type OpenApiWalk } from "./openapi-helpers";

type Character = { character: { id: string; pictures: { id: string; url: string }[] } };

export function learnsStylesAndCharacters({ api, call, callWithKey, state }: OpenApiWalk) {
  it("with the key: makes a character from an image, uploads a picture, draws it in the style, then deletes it", async () => {
    const made = await callWithKey<Character>("POST", "/api/characters", {
      json: { name: "Walk knight", description: "a knight in dented silver armour", imageIds: [state.imageId] },
    });
    expect([made.status, made.body.character.pictures.length]).toEqual([201, 1]);
    const { id } = made.body.character;
    const uploaded = await call<{ pictures: { id: string }[] }>("POST", "/api/characters/:id/pictures", {
      params: { id },
      body: form({}, [await png("#2a9d8f")]),
    });
    expect(uploaded.status).toBe(201);
    const picture = await callWithKey("GET", "/api/files/picture/:id", {
      params: { id: uploaded.body.pictures[0]!.id },
    });
    expect([picture.status, picture.response.headers.get("content-type")]).toEqual([200, "image/png"]);
    const renamed = await callWithKey<Character>("PATCH", "/api/characters/:id", {
      params: { id },
      json: { name: "Sir Walk" },
    });
    expect(renamed.status).toBe(200);
    const listed = await callWithKey<{ characters: { id: string }[] }>("GET", "/api/characters", {});
    expect(listed.body.characters.map((c) => c.id)).toContain(id);
    const one = await callWithKey<Character>("GET", "/api/characters/:id", { params: { id } });
    expect(one.body.character.pictures).toHaveLength(2);

    const drawn = await callWithKey<{ job: { id: string } }>("POST", "/api/objects", {
      json: { styleId: state.styleId, subjects: ["Knight on guard"], characterId: id, characterStrength: 0.5 },
    });
    expect(drawn.status).toBe(202);
    // The preview engine cannot train: refused before anything is paid.
    const refused = await callWithKey<{ error: { message: string } }>("POST", "/api/characters/:id/trainings", {
      params: { id },
      json: {
        triggerWord: "sirwalk",
        pictures: one.body.character.pictures.map((p) => ({ source: "picture", id: p.id })),
      },
    });
    expect(refused.status).toBe(400);
    const removed = await callWithKey("DELETE", "/api/characters/:id/pictures/:pictureId", {
      params: { id, pictureId: uploaded.body.pictures[0]!.id },
    });
    expect(removed.status).toBe(200);
    expect((await callWithKey("DELETE", "/api/characters/:id", { params: { id } })).status).toBe(200);
  });

  it("with the key: reads a style's training, is refused a training on the preview engine, and reads one that ended", async () => {
    const params = { id: state.styleId };
    const uploaded = await call<{ pictures: { id: string }[] }>("POST", "/api/styles/:id/training-pictures", {
      params,
      body: form({}, await Promise.all(["#e76f51", "#264653"].map(png))),
    });
    expect(uploaded.status).toBe(201);
    const learning = await callWithKey<{ pictures: unknown[]; trainers: unknown[] }>(
      "GET",
      "/api/styles/:id/training",
      {
        params,
      },
    );
    expect([learning.body.pictures.length, learning.body.trainers]).toEqual([2, []]);
    const pictures = uploaded.body.pictures.map((p) => ({ source: "picture", id: p.id }));
    const refused = await callWithKey<{ error: { message: string } }>("POST", "/api/styles/:id/trainings", {
      params,
      json: { triggerWord: "mtfwalk", pictures: [...pictures, ...pictures, pictures[0]] },
    });
    expect([refused.status, refused.body.error.message]).toEqual([409, expect.stringContaining("can train")]);

    // A training that ended, as a worker leaves one: read, cancelled (answered as it is), its weights served.
    const weightsKey = `users/${api.user.userId}/styles/${state.styleId}/learning/trainings/walk/weights.safetensors`;
    await api.server.services.storage.put(weightsKey, Buffer.from("safetensors"), "application/octet-stream");
    await api.database.db.insert(trainings).values({
      id: "trn_walk",
      ownerId: api.user.userId,
      learns: "style",
      styleId: state.styleId,
      provider: "fal",
      preset: "quick",
      steps: 500,
      triggerWord: "mtfwalk",
      pictureCount: 5,
      credits: 300,
      status: "succeeded",
      progress: 100,
      modelRef: "https://fal.media/files/walk/pytorch_lora_weights.safetensors",
      weightsKey,
      finishedAt: new Date(),
    });
    const read = await callWithKey<{ training: { status: string } }>("GET", "/api/trainings/:id", {
      params: { id: "trn_walk" },
    });
    expect(read.body.training.status).toBe("succeeded");
    const cancel = await callWithKey<{ training: { status: string } }>("POST", "/api/trainings/:id/cancel", {
      params: { id: "trn_walk" },
    });
    expect(cancel.body.training.status).toBe("succeeded");
    const weights = await callWithKey("GET", "/api/trainings/:id/weights", { params: { id: "trn_walk" } });
    expect([weights.status, Buffer.from(await weights.response.arrayBuffer()).toString()]).toEqual([
      200,
      "safetensors",
    ]);
  });
}
