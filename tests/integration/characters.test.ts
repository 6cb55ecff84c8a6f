// Characters end to end through the API: one made from an object's image and uploads, drawn in two
// styles on fal — its pictures first among the references, then the style's, within fal's cap, the
// strength deciding how many of its pictures go and how closely the words hold to them — and
// trained on Replicate (the ZIP's pictures and captions, the destination model, the trained version
// used at the strength asked with the trigger word); another workspace reaches none of it. Bad input
// is refused naming the field and costs nothing. On both databases.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CharacterView, TrainingView } from "#domain/training";
import { createFalProvider, DEFAULT_FAL_MODEL } from "#server/generation/providers/fal.server";
import { createOfflineProvider } from "#server/generation/providers/offline.server";
import { providerRegistry } from "#server/generation/providers/registry.server";
import { createReplicateProvider, DEFAULT_REPLICATE_MODEL } from "#server/generation/providers/replicate.server";
import { startFakeFal, type FakeFal } from "../fakes/fal-api";
import { startFakeReplicate, type FakeReplicate } from "../fakes/replicate-api";
import { testDatabases } from "../support/databases";
import { balanceOf, createStyleThroughApi, json, previewObject, runJob, submitObjects } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi } from "../support/test-server";
import { followTraining } from "#server/learning/training-queue.server";
import { followToEnd, solidPicture, trainingDepsOf, uploadPictures } from "../support/training";

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

describe.each(testDatabases)("characters, on $name", (target) => {
  let fal: FakeFal;
  let replicate: FakeReplicate;
  beforeAll(async () => {
    [fal, replicate] = await Promise.all([startFakeFal(), startFakeReplicate()]);
  });
  afterAll(async () => {
    await Promise.all([fal?.close(), replicate?.close()]);
  });
  beforeEach(() => {
    fal.reset();
    replicate.reset();
  });

  const falProvider = () =>
    createFalProvider({
      key: fal.key,
      model: DEFAULT_FAL_MODEL,
      baseUrl: fal.url,
      timeoutMs: 10_000,
      pollIntervalMs: 5,
    });
  const replicateProvider = () =>
    createReplicateProvider({
      token: replicate.token,
      model: DEFAULT_REPLICATE_MODEL,
      baseUrl: replicate.url,
      timeoutMs: 10_000,
      pollIntervalMs: 5,
      syncWaitSeconds: 1,
    });
  const api = setUpSignedInApi(target, "cara-characters@example.com", {
    providers: () => providerRegistry([createOfflineProvider(), falProvider(), replicateProvider()]),
  });
  const call = (path: string, init: Parameters<typeof api.server.call>[1] = {}) =>
    api.server.call(path, { cookie: api.user.cookie, ...init });
  const fileSha = async (url: string) => sha256(Buffer.from(await (await call(url)).arrayBuffer()));

  /** A knight made in the preview style, then a character from its image and three uploads. */
  async function knight(): Promise<CharacterView> {
    const { objectId } = await previewObject(api, "Knight");
    const object = await json<{ object: { images: { id: string }[] } }>(await call(`/api/objects/${objectId}`));
    const made = await call("/api/characters", {
      method: "POST",
      json: {
        name: "Sir Brann",
        description: "a knight in dented silver armour",
        imageIds: [object.object.images[0]!.id],
      },
    });
    expect(made.status).toBe(201);
    const { character } = await json<{ character: CharacterView }>(made);
    await uploadPictures(
      api.server,
      api.user.cookie,
      `/api/characters/${character.id}/pictures`,
      await Promise.all(["#c0c0c0", "#8d99ae", "#2b2d42"].map((c) => solidPicture(c))),
    );
    return (await json<{ character: CharacterView }>(await call(`/api/characters/${character.id}`))).character;
  }

  it("draws one character in two styles: its pictures first, then the style's, within fal's cap", async () => {
    const character = await knight();
    expect(character.pictures).toHaveLength(4);
    const characterShas = await Promise.all(character.pictures.map((p) => fileSha(p.url)));
    const pixel = await createStyleThroughApi(api.server, api.user.cookie, {
      name: "Pixel",
      references: [await solidPicture("#ff006e")],
    });
    const painted = await createStyleThroughApi(api.server, api.user.cookie, {
      name: "Painted",
      references: [await solidPicture("#3a86ff"), await solidPicture("#ffbe0b")],
    });
    const pixelRef = (
      await json<{ style: { references: { url: string }[] } }>(await call(`/api/styles/${pixel.styleId}`))
    ).style.references[0]!;
    const paintedRef = (
      await json<{ style: { references: { url: string }[] } }>(await call(`/api/styles/${painted.styleId}`))
    ).style.references[0]!;

    for (const [styleId, strength, firstStyleRef] of [
      [pixel.styleId, 1, pixelRef.url],
      [painted.styleId, 0.5, paintedRef.url],
    ] as const) {
      fal.reset();
      const set = await submitObjects(api.server, api.user.cookie, {
        styleId,
        subjects: ["Knight on guard"],
        model: "fal",
        transparent: false,
        characterId: character.id,
        characterStrength: strength,
      });
      expect((await runJob(api.server, set.job.id, falProvider()))?.status).toBe("succeeded");
      const [sent] = fal.submissions;
      const shas = sent!.images.map((image) => image.sha256);
      const identity = strength === 1 ? 2 : 1;
      // Within fal's cap of four: the character's first pictures, then the style's first reference.
      expect(shas).toHaveLength(4);
      expect(shas.slice(0, identity)).toEqual(characterShas.slice(0, identity));
      expect(shas[identity]).toBe(await fileSha(firstStyleRef));
      expect(String(sent!.input.prompt)).toContain("Sir Brann, a knight in dented silver armour");
      expect(String(sent!.input.prompt)).toContain(strength === 1 ? "keep exactly the character" : "loosely after");
    }
  });

  it("trains the character on Replicate and draws it with the trained version at the strength asked", async () => {
    const character = await knight();
    const extra = await uploadPictures(api.server, api.user.cookie, `/api/characters/${character.id}/pictures`, [
      await solidPicture("#ef233c"),
    ]);
    const pictures = [...character.pictures, ...extra].map((p, i) => ({
      source: "picture",
      id: p.id,
      ...(i === 1 ? { caption: "sirbrann raising his shield" } : {}),
    }));
    const before = await balanceOf(api.database.db, api.user.userId);
    const started = await call(`/api/characters/${character.id}/trainings`, {
      method: "POST",
      json: { model: "replicate", preset: "quick", triggerWord: "sirbrann", pictures },
    });
    expect(started.status).toBe(202);
    const { training } = await json<{ training: TrainingView }>(started);
    expect(training).toMatchObject({ learns: "character", credits: 300, pictureCount: 5 });
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before - 300);
    await followToEnd(api.server, training.id);
    const done = await json<{ training: TrainingView }>(await call(`/api/trainings/${training.id}`));
    expect(done.training).toMatchObject({ status: "succeeded", refundedCredits: 0 });

    const [trained] = replicate.trainings;
    expect(trained).toMatchObject({ triggerWord: "sirbrann", steps: 500 });
    expect(trained!.destination).toMatch(/^motif-tester\/motif-/);
    expect(trained!.dataset!.images).toHaveLength(5);
    expect(trained!.dataset!.captions["0001.png"]).toBe("sirbrann, Sir Brann\n");
    expect(trained!.dataset!.captions["0002.png"]).toBe("sirbrann raising his shield\n");

    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie, { name: "Ink" });
    const set = await submitObjects(api.server, api.user.cookie, {
      styleId,
      subjects: ["Knight resting"],
      model: "replicate",
      transparent: false,
      characterId: character.id,
      learnedStrength: 1.2,
    });
    expect((await runJob(api.server, set.job.id, replicateProvider()))?.status).toBe("succeeded");
    const drawn = replicate.predictions.at(-1)!;
    expect(drawn.version).not.toBeNull();
    expect(drawn.input).toMatchObject({ lora_scale: 1.2 });
    expect(String(drawn.input.prompt)).toMatch(/^sirbrann\b/);
  });

  it("a character deleted while it trains on Replicate: stopped there, refunded by the rule, its pictures gone", async () => {
    const character = await knight();
    const extra = await uploadPictures(api.server, api.user.cookie, `/api/characters/${character.id}/pictures`, [
      await solidPicture("#ef233c"),
    ]);
    replicate.control.trainingPollsProcessing = 100;
    const before = await balanceOf(api.database.db, api.user.userId);
    const { training } = await json<{ training: TrainingView }>(
      await call(`/api/characters/${character.id}/trainings`, {
        method: "POST",
        json: {
          model: "replicate",
          triggerWord: "sirbrann",
          pictures: [...character.pictures, ...extra].map((p) => ({ source: "picture", id: p.id })),
        },
      }),
    );
    expect((await followTraining(trainingDepsOf(api.server), training.id)).again).toBe(true);
    expect((await call(`/api/characters/${character.id}`, { method: "DELETE" })).status).toBe(200);
    const ended = (await json<{ training: TrainingView }>(await call(`/api/trainings/${training.id}`))).training;
    expect(ended).toMatchObject({ status: "cancelled", subjectId: null, error: "The character was deleted." });
    expect(replicate.trainingCancels).toHaveLength(1);
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before - 600 + ended.refundedCredits);
    expect(ended.refundedCredits).toBeGreaterThan(0);
    expect((await call(character.pictures[0]!.url)).status).toBe(404);
    expect((await followTraining(trainingDepsOf(api.server), training.id)).again).toBe(false);
  });

  it("keeps a workspace's characters, pictures, trainings and weights from another", async () => {
    const character = await knight();
    const other = await signInThroughApi(api.server, "oscar-other@example.com");
    const asOther = (path: string, init: Parameters<typeof api.server.call>[1] = {}) =>
      api.server.call(path, { cookie: other.cookie, ...init });
    expect((await asOther(`/api/characters/${character.id}`)).status).toBe(404);
    expect((await asOther(character.pictures[0]!.url)).status).toBe(404);
    expect((await asOther(`/api/characters/${character.id}`, { method: "DELETE" })).status).toBe(404);
    const listed = await json<{ characters: unknown[] }>(await asOther("/api/characters"));
    expect(listed.characters).toEqual([]);
    const { styleId } = await createStyleThroughApi(api.server, other.cookie, { name: "Theirs" });
    const borrowed = await asOther("/api/objects", {
      method: "POST",
      json: { styleId, subjects: ["Knight"], characterId: character.id },
    });
    expect(borrowed.status).toBe(400);
    expect(JSON.stringify(await borrowed.json())).toContain("characterId");
    const stolen = await asOther(`/api/characters/${character.id}/trainings`, {
      method: "POST",
      json: {
        model: "fal",
        triggerWord: "stolen",
        pictures: character.pictures
          .map((p) => ({ source: "picture", id: p.id }))
          .concat(character.pictures.map((p) => ({ source: "image", id: p.id }))),
      },
    });
    expect(stolen.status).toBe(404);
  });

  it("refuses bad input naming the field, and charges nothing", async () => {
    const character = await knight();
    const before = await balanceOf(api.database.db, api.user.userId);
    const pictures = character.pictures.map((p) => ({ source: "picture", id: p.id }));
    const train = (body: unknown) => call(`/api/characters/${character.id}/trainings`, { method: "POST", json: body });
    const fieldsOf = async (response: Response) =>
      ((await response.json()) as { error: { fields?: { path: string }[] } }).error.fields?.map((f) => f.path) ?? [];

    const few = await train({ model: "fal", triggerWord: "sirbrann", pictures });
    expect([few.status, await fieldsOf(few)]).toEqual([400, ["pictures"]]);
    const many = await train({
      model: "fal",
      triggerWord: "sirbrann",
      pictures: Array.from({ length: 51 }, () => pictures[0]),
    });
    expect([many.status, await fieldsOf(many)]).toEqual([400, ["pictures"]]);
    const control = await train({ model: "fal", triggerWord: "sir\u0007brann", pictures: [...pictures, pictures[0]] });
    expect([control.status, await fieldsOf(control)]).toEqual([400, ["triggerWord"]]);
    const twice = await train({ model: "fal", triggerWord: "sirbrann", pictures: [...pictures, pictures[0]] });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(await twice.json())).toContain("pictures.4.id");
    const preview = await train({
      model: "offline",
      triggerWord: "sirbrann",
      pictures: [...pictures, { source: "image", id: "img_nope" }],
    });
    // The preview engine cannot train: refused as a conflict, naming the model.
    expect([preview.status, JSON.stringify(await preview.json())]).toEqual([
      409,
      expect.stringContaining("cannot train"),
    ]);
    const missing = await train({
      model: "fal",
      triggerWord: "sirbrann",
      pictures: [...pictures, { source: "image", id: "img_nope" }],
    });
    expect([missing.status, JSON.stringify(await missing.json())]).toEqual([
      400,
      expect.stringContaining("pictures.4.id"),
    ]);
    const strength = await call("/api/objects", {
      method: "POST",
      json: { styleId: "preset-flat", subjects: ["Knight"], characterId: character.id, characterStrength: 2 },
    });
    expect([strength.status, await fieldsOf(strength)]).toEqual([400, ["characterStrength"]]);

    // Not an image, checked by content; and a file over the upload limit.
    const form = new FormData();
    form.append("references", new Blob([new TextEncoder().encode("%PDF-1.4 not a picture")]), "fake.png");
    const notImage = await call(`/api/characters/${character.id}/pictures`, { method: "POST", body: form });
    expect(notImage.status).toBe(400);
    const big = new FormData();
    big.append(
      "references",
      new Blob([new Uint8Array(api.server.services.config.generation.maxUploadBytes + 1)]),
      "big.png",
    );
    const oversized = await call(`/api/characters/${character.id}/pictures`, { method: "POST", body: big });
    expect(oversized.status).toBe(400);
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before);
  });
});
