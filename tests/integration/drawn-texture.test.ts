// Textures a model draws for tiles, through the API and the engine, with OpenAI's real client
// against a local OpenAI: the material asked to fill the square; the answer made to wrap by Motif
// and stored as a seamless tile, from which a 32-px tile is cut free; a refusal refunded once; the
// preview engine refused before anything is paid. On both databases.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { JobView, ObjectImageView } from "#domain/objects";
import { images } from "#server/db/schema";
import { isSeamless } from "#server/images/tiles/seam";
import { testDatabases } from "../support/databases";
import { createStyleThroughApi, json, runJob, submitObjects } from "../support/factories";
import { paidObjectJobs } from "../support/paid-object-jobs";
import { setUpOpenAIApi } from "../support/openai-api";

describe.each(testDatabases)("textures a model draws on $name", (target) => {
  const { api, openai } = setUpOpenAIApi(target, "ann-drawn-texture@example.com");
  const { getObject, fileOf, jobRow, balance, expectLedgerExact } = paidObjectJobs(api);
  const post = (path: string, body: Record<string, unknown>) =>
    api.server.call(path, { method: "POST", cookie: api.user.cookie, json: body });

  async function cobblestones() {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Cobblestones"] });
    expect((await runJob(api.server, set.job.id))?.status).toBe("succeeded");
    return getObject(set.objects[0]!.id);
  }
  const rgba = async (file: Buffer) => {
    const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  };

  it("draws the material to fill the square, makes it wrap, charges one image, and cuts a tile from it free", async () => {
    const object = await cobblestones();
    const before = await balance();
    const response = await post(`/api/objects/${object.id}/drawn-texture`, {
      model: "openai",
      words: " mossy  cobblestones ",
    });
    expect(response.status, await response.clone().text()).toBe(202);
    const { job } = await json<{ job: JobView }>(response);
    expect(job).toMatchObject({ kind: "texture", total: 1, title: "Texture of “mossy cobblestones”" });
    expect(await balance()).toBe(before - job.credits);
    expect((await runJob(api.server, job.id, openai.provider()))?.status).toBe("succeeded");

    const [sent] = openai.fake.requests;
    expect(sent!.fields.prompt).toContain("seamless, tileable texture of mossy cobblestones");
    expect(sent!.fields.prompt).toContain("filling the whole square edge to edge");
    expect(sent!.fields.background).not.toBe("transparent");

    const texture = (await getObject(object.id)).images.find((image) => image.jobId === job.id)!;
    expect(texture).toMatchObject({ width: 1024, height: 1024, hasAlpha: false });
    expect(texture.lineage).toMatchObject({ operation: "tiled", tile: { size: 1024, kind: "texture" } });
    // What is stored wraps (that Motif makes any picture wrap: tiles.server.test.ts, madeToWrap).
    expect(isSeamless(await rgba(await fileOf(texture.url)))).toBe(true);
    expect(await balance()).toBe(before - job.credits);
    await expectLedgerExact();

    const tile = await post(`/api/objects/${object.id}/seamless-tile`, { imageId: texture.id, tileSize: 32 });
    expect(tile.status).toBe(201);
    const { image } = await json<{ image: ObjectImageView }>(tile);
    expect([image.width, image.credits]).toEqual([32, 0]);
    expect(isSeamless(await rgba(await fileOf(image.url)))).toBe(true);
  });

  it("refunds a refused texture once, and stores nothing", async () => {
    const object = await cobblestones();
    const before = await balance();
    await openai.control({ failAlways: "moderation" });
    const { job } = await json<{ job: JobView }>(
      await post(`/api/objects/${object.id}/drawn-texture`, { model: "openai" }),
    );
    expect((await runJob(api.server, job.id, openai.provider()))?.status).toBe("failed");
    expect(await jobRow(job.id)).toMatchObject({ refunded: true, refundedCredits: job.credits, imagesMade: 0 });
    expect(await api.database.db.select().from(images).where(eq(images.jobId, job.id))).toEqual([]);
    expect(await balance()).toBe(before);
    await expectLedgerExact();
  });

  it("refuses the preview engine with 409 and bad words with 400, charging nothing", async () => {
    const object = await cobblestones();
    const before = await balance();
    const preview = await post(`/api/objects/${object.id}/drawn-texture`, { model: "offline" });
    expect(preview.status).toBe(409);
    expect((await json<{ error: { message: string } }>(preview)).error.message).toContain(
      "Seamless tile, which is free",
    );
    const long = await post(`/api/objects/${object.id}/drawn-texture`, { model: "openai", words: "x".repeat(201) });
    expect(long.status).toBe(400);
    expect((await json<{ error: { fields: { path: string }[] } }>(long)).error.fields[0]!.path).toBe("words");
    expect(await balance()).toBe(before);
  });
});
