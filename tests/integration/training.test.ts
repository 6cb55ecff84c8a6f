// Training a style end to end through the API against the local fal: the dataset (the style's
// references, uploaded pictures, captions given or made) zipped to fal's storage, the price
// charged once, progress recorded, the weights kept in the style's folder and served only to its
// workspace, the next generation in the style drawing with the LoRA at the strength asked, and
// the weights gone with the style; a failure refunds all, a cancel while training the part not
// trained, a style deleted midway stops the training at fal. On both databases.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { trainings } from "#server/db/schema";
import { eq } from "drizzle-orm";
import { createFalProvider, DEFAULT_FAL_MODEL } from "#server/generation/providers/fal.server";
import { startFakeFal, type FakeFal } from "../fakes/fal-api";
import { testDatabases } from "../support/databases";
import { balanceOf, createStyleThroughApi, json, runJob, submitObjects } from "../support/factories";
import { setUpSignedInApiWithModel } from "../support/signed-in-api";
import { followToEnd, solidPicture, trainingDepsOf, trainingOf, uploadPictures } from "../support/training";
import { followTraining } from "#server/learning/training-queue.server";
import type { TrainingView } from "#domain/training";
import { eventsSince } from "#server/events/events.server";

describe.each(testDatabases)("training a style on fal, on $name", (target) => {
  let fake: FakeFal;
  beforeAll(async () => {
    fake = await startFakeFal();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  const fal = () =>
    createFalProvider({
      key: fake.key,
      model: DEFAULT_FAL_MODEL,
      baseUrl: fake.url,
      timeoutMs: 10_000,
      pollIntervalMs: 5,
    });
  const api = setUpSignedInApiWithModel(target, "tina-trains@example.com", () => fal(), { TRAINING_PRICES: "fal=400" });
  const call = (path: string, init: Parameters<typeof api.server.call>[1] = {}) =>
    api.server.call(path, { cookie: api.user.cookie, ...init });

  /** A style with two references and three uploaded pictures: five to train on. */
  async function styleWithPictures() {
    const references = await Promise.all(["#e76f51", "#2a9d8f"].map((c) => solidPicture(c)));
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie, { name: "Amber", references });
    const uploaded = await uploadPictures(
      api.server,
      api.user.cookie,
      `/api/styles/${styleId}/training-pictures`,
      await Promise.all(["#264653", "#f4a261", "#8e5cf7"].map((c) => solidPicture(c))),
    );
    const learning = await json<{ trainers: { model: string; prices: Record<string, number> }[] }>(
      await call(`/api/styles/${styleId}/training`),
    );
    const style = await json<{ style: { references: { id: string }[] } }>(await call(`/api/styles/${styleId}`));
    const pictures = [
      ...style.style.references.map((r) => ({ source: "reference", id: r.id })),
      ...uploaded.map((p, i) => ({
        source: "picture",
        id: p.id,
        ...(i === 0 ? { caption: "a teal crate, mtfamber look" } : {}),
      })),
    ];
    return { styleId, pictures, trainers: learning.trainers };
  }

  async function train(styleId: string, pictures: unknown[], preset = "quick") {
    const response = await call(`/api/styles/${styleId}/trainings`, {
      method: "POST",
      json: { model: "fal", preset, triggerWord: "mtfamber", pictures },
    });
    expect(response.status).toBe(202);
    return (await json<{ training: TrainingView }>(response)).training;
  }

  it("trains on the dataset, charges once, keeps the weights, and the next set draws with the LoRA", async () => {
    const { styleId, pictures, trainers } = await styleWithPictures();
    expect(trainers).toEqual([
      expect.objectContaining({ model: "fal", prices: { quick: 200, standard: 400, thorough: 800 } }),
    ]);
    const before = await balanceOf(api.database.db, api.user.userId);
    const training = await train(styleId, pictures);
    expect(training).toMatchObject({ status: "queued", credits: 200, pictureCount: 5, steps: 500, learns: "style" });
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before - 200);

    // Submitted, then running with fal's logged steps, then done.
    expect((await followTraining(trainingDepsOf(api.server), training.id)).again).toBe(true);
    expect((await trainingOf(api.server, api.user.cookie, training.id)).status).toBe("running");
    const seen: number[] = [];
    while ((await followTraining(trainingDepsOf(api.server), training.id)).again) {
      seen.push((await trainingOf(api.server, api.user.cookie, training.id)).progress);
    }
    const done = await trainingOf(api.server, api.user.cookie, training.id);
    expect(done).toMatchObject({ status: "succeeded", progress: 100, refundedCredits: 0, weightsKept: true });
    expect(seen.some((progress) => progress > 0 && progress < 100)).toBe(true);
    // The owner's pages heard each step: queued, running with growing progress, then succeeded.
    const heard = (await eventsSince(api.database.db, { userId: api.user.userId, afterId: 0 }))
      .filter((event) => event.type === "training" && (event.data as TrainingView).id === training.id)
      .map((event) => event.data as TrainingView);
    expect(heard[0]).toMatchObject({ status: "queued", progress: 0 });
    expect(heard.at(-1)).toMatchObject({ status: "succeeded", progress: 100 });
    expect(heard.some((t) => t.status === "running" && t.progress > 0 && t.progress < 100)).toBe(true);
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before - 200);

    // fal got the five pictures, each beside its caption; the trigger word, the steps, a style.
    const [submitted] = fake.submissions.filter((s) => s.dataset);
    expect(submitted!.input).toMatchObject({ trigger_word: "mtfamber", steps: 500, is_style: true });
    expect(submitted!.dataset!.pictures).toEqual(["0001.png", "0002.png", "0003.png", "0004.png", "0005.png"]);
    expect(submitted!.dataset!.captions["0001.txt"]).toBe("Amber, in the style of mtfamber\n");
    expect(submitted!.dataset!.captions["0003.txt"]).toBe("a teal crate, mtfamber look\n");

    // The kept weights are the workspace's alone.
    const weights = await call(`/api/trainings/${training.id}/weights`);
    expect(weights.status).toBe(200);
    expect((await weights.arrayBuffer()).byteLength).toBeGreaterThan(0);
    const [row] = await api.database.db.select().from(trainings).where(eq(trainings.id, training.id));
    expect(api.files.filesUnder(row!.weightsKey!.replace(/\/[^/]+$/, ""))).toHaveLength(1);

    // A set in the style on fal draws with the LoRA at the strength asked, the trigger word in its prompt.
    fake.reset();
    const set = await submitObjects(api.server, api.user.cookie, {
      styleId,
      subjects: ["Crate"],
      model: "fal",
      transparent: false,
      learnedStrength: 0.7,
    });
    expect((await runJob(api.server, set.job.id, fal()))?.status).toBe("succeeded");
    const [drawn] = fake.submissions;
    expect(drawn!.model).toBe("fal-ai/flux-lora");
    expect(drawn!.loras).toEqual([{ path: expect.stringContaining("safetensors"), scale: 0.7 }]);
    expect(String(drawn!.input.prompt)).toMatch(/^mtfamber\b/);

    // Deleting the style removes the kept weights; the training stays as the record of the charge.
    expect((await call(`/api/styles/${styleId}`, { method: "DELETE" })).status).toBe(200);
    expect(api.files.filesUnder(row!.weightsKey!.replace(/\/[^/]+$/, ""))).toHaveLength(0);
    expect((await call(`/api/trainings/${training.id}/weights`)).status).toBe(404);
  });

  it("names a training in the credit history: the charge, and the refund when it fails", async () => {
    const { styleId, pictures } = await styleWithPictures();
    fake.control.failTraining = "runner_error";
    const training = await train(styleId, pictures);
    await followToEnd(api.server, training.id);
    const history = await json<{ entries: { delta: number; reason: string; title: string | null }[] }>(
      await call("/api/users/me/credits"),
    );
    expect(history.entries.slice(0, 2)).toEqual([
      expect.objectContaining({ delta: 200, reason: "generation_refund", title: "Training of a style “mtfamber”" }),
      expect.objectContaining({ delta: -200, reason: "generation_reserve", title: "Training of a style “mtfamber”" }),
    ]);
  });

  it("keeps no copy of the weights when the operator says not to (KEEP_TRAINED_WEIGHTS=false)", async () => {
    const { styleId, pictures } = await styleWithPictures();
    const { training: settings } = api.server.services.config;
    settings.keepWeights = false;
    try {
      const training = await train(styleId, pictures);
      await followToEnd(api.server, training.id);
      expect(await trainingOf(api.server, api.user.cookie, training.id)).toMatchObject({
        status: "succeeded",
        weightsKept: false,
      });
      expect((await call(`/api/trainings/${training.id}/weights`)).status).toBe(404);
    } finally {
      settings.keepWeights = true;
    }
  });

  it("refunds everything when fal fails the training", async () => {
    const { styleId, pictures } = await styleWithPictures();
    const before = await balanceOf(api.database.db, api.user.userId);
    fake.control.failTraining = "runner_error";
    const training = await train(styleId, pictures, "standard");
    await followToEnd(api.server, training.id);
    expect(await trainingOf(api.server, api.user.cookie, training.id)).toMatchObject({
      status: "failed",
      refundedCredits: 400,
      error: expect.stringContaining("The training failed"),
    });
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before);
  });

  it("a cancel while training stops it at fal and refunds the part not trained, once", async () => {
    const { styleId, pictures } = await styleWithPictures();
    const before = await balanceOf(api.database.db, api.user.userId);
    fake.control.holdTraining = true;
    const training = await train(styleId, pictures, "standard");
    await followTraining(trainingDepsOf(api.server), training.id);
    await followTraining(trainingDepsOf(api.server), training.id);
    await followTraining(trainingDepsOf(api.server), training.id);
    const { progress } = await trainingOf(api.server, api.user.cookie, training.id);
    const cancelled = await json<{ training: TrainingView }>(
      await call(`/api/trainings/${training.id}/cancel`, { method: "POST" }),
    );
    const refund = Math.floor((400 * (100 - progress)) / 100);
    expect(cancelled.training).toMatchObject({ status: "cancelled", refundedCredits: refund });
    expect(fake.cancels.length).toBeGreaterThanOrEqual(1);
    // A second cancel and the follower's next look change nothing.
    await call(`/api/trainings/${training.id}/cancel`, { method: "POST" });
    expect((await followTraining(trainingDepsOf(api.server), training.id)).again).toBe(false);
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before - 400 + refund);
  });

  it("a style deleted while its training runs stops the training at fal and refunds it by the rule", async () => {
    const { styleId, pictures } = await styleWithPictures();
    const before = await balanceOf(api.database.db, api.user.userId);
    fake.control.holdTraining = true;
    const training = await train(styleId, pictures);
    await followTraining(trainingDepsOf(api.server), training.id);
    const cancelsBefore = fake.cancels.length;
    expect((await call(`/api/styles/${styleId}`, { method: "DELETE" })).status).toBe(200);
    const ended = await trainingOf(api.server, api.user.cookie, training.id);
    expect(ended).toMatchObject({ status: "cancelled", subjectId: null, error: "The style was deleted." });
    expect(fake.cancels.length).toBeGreaterThan(cancelsBefore);
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before - 200 + ended.refundedCredits);
    expect((await followTraining(trainingDepsOf(api.server), training.id)).again).toBe(false);
  });
});
