// Animations a model draws, through the API and the engine, with OpenAI's real client against a
// local OpenAI that records what it is sent: each frame is an edit of the object's image with the
// frame before as a reference; the frames are aligned into a sheet; success, refusal, 5xx, timeout,
// cancel and the object deleted part way keep and charge the frames made and refund the rest, once.
// Then a frame redrawn, frames reordered and dropped, and bad input. On both databases.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { JobView, ObjectDetail, ObjectImageView } from "#domain/objects";
import { creditLedger, images } from "#server/db/schema";
import { providerRegistry } from "#server/generation/providers/registry.server";
import { runGenerationJob } from "#server/generation/run-job.server";
import { opaqueBox } from "#server/images/animation/frames.server";
import { testDatabases } from "../support/databases";
import { createStyleThroughApi, grantCredits, json, runJob, submitObjects } from "../support/factories";
import { paidObjectJobs } from "../support/paid-object-jobs";
import { readZip } from "../support/zip";
import { setUpOpenAIApi } from "../support/openai-api";
import { sha256 } from "./image-edits-providers-helpers";

type ErrorReply = { error: { message: string; fields?: { path: string }[] } };

describe.each(testDatabases)("animations a model draws on $name", (target) => {
  const { api, openai } = setUpOpenAIApi(target, "ann-drawn-animation@example.com");
  const { getObject, fileOf, jobRow, balance, expectLedgerExact } = paidObjectJobs(api);
  beforeAll(() => grantCredits(api.database.db, api.user.userId, 20_000));
  const post = (path: string, body: Record<string, unknown>) =>
    api.server.call(path, { method: "POST", cookie: api.user.cookie, json: body });

  async function knight() {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Knight"], transparent: true });
    expect((await runJob(api.server, set.job.id))?.status).toBe("succeeded");
    const object = await getObject(set.objects[0]!.id);
    return { object, cover: object.images[0]! };
  }

  /** Asks for a drawn animation; 202 and the job, paid for every frame drawn. */
  async function askAnimation(objectId: string, body: Record<string, unknown>) {
    const before = await balance();
    const response = await post(`/api/objects/${objectId}/drawn-animation`, { model: "openai", ...body });
    expect(response.status, await response.clone().text()).toBe(202);
    const { job } = await json<{ job: JobView }>(response);
    expect(await balance()).toBe(before - job.credits);
    return { job, before, unit: job.credits / job.total };
  }

  const framesOf = async (jobId: string) =>
    api.database.db.select().from(images).where(eq(images.jobId, jobId)).orderBy(images.position);
  const sheetsOf = (object: ObjectDetail) => object.images.filter((image) => image.lineage.operation === "animated");

  /** Each cell's opaque box, row by row. */
  async function cellBoxes(sheet: ObjectImageView) {
    const { cell, frames, directions } = sheet.lineage.animation!;
    const { data, info } = await sharp(await fileOf(sheet.url))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return Array.from({ length: directions }, (_, row) =>
      Array.from({ length: frames }, (_, frame) => {
        const cellData = new Uint8Array(cell * cell * 4);
        for (let y = 0; y < cell; y++) {
          const from = ((row * cell + y) * info.width + frame * cell) * 4;
          cellData.set(data.subarray(from, from + cell * 4), y * cell * 4);
        }
        return { box: opaqueBox({ data: cellData, width: cell, height: cell })!, data: cellData };
      }),
    );
  }

  it("draws each frame from the cover and the frame before, charges per frame, and aligns the frames into a sheet", async () => {
    const { object, cover } = await knight();
    const { job, before } = await askAnimation(object.id, { imageId: cover.id, action: "walk", frames: 4 });
    expect(job).toMatchObject({ kind: "animation", total: 4, title: "Walk animation of “Knight”", provider: "openai" });
    expect((await runJob(api.server, job.id, openai.provider()))?.status).toBe("succeeded");

    const frames = await framesOf(job.id);
    expect(frames.map((frame) => frame.operationParams?.view)).toEqual(
      [1, 2, 3, 4].map((n) => `walk · frame ${n} of 4`),
    );
    expect(frames.every((frame) => frame.parentImageId === cover.id)).toBe(true);
    const coverHash = sha256(await fileOf(cover.url));
    expect(openai.fake.requests).toHaveLength(4);
    for (const [n, request] of openai.fake.requests.entries()) {
      expect(request.path).toBe("/v1/images/edits");
      expect(request.fields.prompt).toContain(`frame ${n + 1} of 4 of the Knight walking`);
      expect(request.fields.background).toBe("transparent");
      // The cover is the image edited; the frame before comes first among the references.
      expect(request.imageHashes[0]).toBe(coverHash);
      if (n > 0)
        expect(request.imageHashes[1]).toBe(sha256((await api.server.services.storage.read(frames[n - 1]!.fileKey))!));
    }

    const after = await getObject(object.id);
    const [sheet] = sheetsOf(after);
    expect(sheet).toMatchObject({
      credits: 0,
      hasAlpha: true,
      lineage: {
        parentImageId: cover.id,
        animation: {
          action: "walk",
          frames: 4,
          directions: 1,
          drawn: { words: null, mirror: true, frameIds: frames.map((frame) => frame.id) },
        },
      },
    });
    const [row] = await cellBoxes(sheet!);
    const bottoms = row!.map(({ box }) => box.bottom);
    const centres = row!.map(({ box }) => (box.left + box.right) / 2);
    expect(Math.max(...bottoms) - Math.min(...bottoms)).toBeLessThanOrEqual(1);
    expect(Math.max(...centres) - Math.min(...centres)).toBeLessThanOrEqual(2);
    expect(await balance()).toBe(before - job.credits);
    await expectLedgerExact();

    // It downloads like any sheet: Aseprite's JSON names each of the 4 frames, inside the sheet.
    const aseprite = await readZip(await fileOf(`${sheet!.url}/animation.zip?for=aseprite`));
    const data = JSON.parse(aseprite.find((file) => file.name === "knight-walk.json")!.data.toString()) as {
      frames: Record<string, { frame: { x: number; w: number } }>;
    };
    expect(Object.keys(data.frames)).toHaveLength(4);
    for (const { frame } of Object.values(data.frames)) expect(frame.x + frame.w).toBeLessThanOrEqual(sheet!.width);
  });

  it("draws four directions with the west mirrored from the east, paying only for the three drawn", async () => {
    const { object, cover } = await knight();
    const { job } = await askAnimation(object.id, { imageId: cover.id, action: "idle", frames: 4, directions: 4 });
    expect(job.total).toBe(12);
    expect((await runJob(api.server, job.id, openai.provider()))?.status).toBe("succeeded");
    // Each direction's first frame follows the animation's first; the others, the frame before.
    const frames = await framesOf(job.id);
    const hashOf = async (at: number) => sha256((await api.server.services.storage.read(frames[at]!.fileKey))!);
    expect(openai.fake.requests[4]!.fields.prompt).toContain("facing right (east)");
    expect(openai.fake.requests[4]!.imageHashes[1]).toBe(await hashOf(0));
    expect(openai.fake.requests[5]!.imageHashes[1]).toBe(await hashOf(4));
    expect(openai.fake.requests.some((request) => request.fields.prompt?.includes("(west)"))).toBe(false);

    const [sheet] = sheetsOf(await getObject(object.id));
    expect(sheet!.lineage.animation).toMatchObject({ frames: 4, directions: 4 });
    const rows = await cellBoxes(sheet!);
    const bottoms = rows.flat().map(({ box }) => box.bottom);
    expect(Math.max(...bottoms) - Math.min(...bottoms)).toBeLessThanOrEqual(1);
    // Rows are S, E, N, W: the west row is the east row's mirror, pixel for pixel.
    const cell = sheet!.lineage.animation!.cell;
    for (let frame = 0; frame < 4; frame++) {
      const [east, west] = [rows[1]![frame]!.data, rows[3]![frame]!.data];
      for (let y = 0; y < cell; y += 7) {
        for (let x = 0; x < cell; x += 5) {
          const at = (y * cell + x) * 4;
          const mirrored = (y * cell + (cell - 1 - x)) * 4;
          expect([...west.subarray(at, at + 4)]).toEqual([...east.subarray(mirrored, mirrored + 4)]);
        }
      }
    }
  });

  it("draws a still in each of 8 directions (a directional sprite), the west side mirrored: 5 drawn, one baseline", async () => {
    const { object, cover } = await knight();
    const { job } = await askAnimation(object.id, { imageId: cover.id, action: "idle", frames: 1, directions: 8 });
    expect(job.total).toBe(5);
    expect((await runJob(api.server, job.id, openai.provider()))?.status).toBe("succeeded");
    expect(
      openai.fake.requests.map(
        (request) => /\((south|south-east|east|north-east|north)\)/.exec(request.fields.prompt ?? "")?.[1],
      ),
    ).toEqual(["south", "south-east", "east", "north-east", "north"]);
    expect(openai.fake.requests[0]!.fields.prompt).not.toContain("frame 1 of 1");
    const [sheet] = sheetsOf(await getObject(object.id));
    expect(sheet).toMatchObject({ width: sheet!.lineage.animation!.cell, height: 8 * sheet!.lineage.animation!.cell });
    const bottoms = (await cellBoxes(sheet!)).flat().map(({ box }) => box.bottom);
    expect(Math.max(...bottoms) - Math.min(...bottoms)).toBeLessThanOrEqual(1);
  });

  describe("stopped part way: the frames made are kept and paid, the rest refunded once", () => {
    async function partWay(setUp: Record<string, unknown>, run: (jobId: string, objectId: string) => Promise<unknown>) {
      const { object, cover } = await knight();
      await openai.control(setUp);
      const { job, before, unit } = await askAnimation(object.id, { imageId: cover.id, action: "run", frames: 4 });
      await run(job.id, object.id);
      const row = await jobRow(job.id);
      const made = row.imagesMade;
      expect(row).toMatchObject({ refunded: true, refundedCredits: job.credits - made * unit });
      expect(await balance()).toBe(before - made * unit);
      const refunds = await api.database.db.select().from(creditLedger).where(eq(creditLedger.ref, job.id));
      expect(refunds.filter((entry) => entry.delta > 0)).toHaveLength(1);
      await expectLedgerExact();
      return { row, objectId: object.id, jobId: job.id };
    }
    const sheetAfter = async (objectId: string) => sheetsOf(await getObject(objectId))[0];

    it("a refused frame: the others are drawn, that one refunded, and the sheet made of the frames before it", async () => {
      const { row, objectId } = await partWay({ refusePrompt: "frame 3 of" }, (id) =>
        runJob(api.server, id, openai.provider()),
      );
      expect(row).toMatchObject({ status: "succeeded", imagesMade: 3 });
      expect(row.error).toContain("1 of 4 images could not be made");
      expect((await sheetAfter(objectId))!.lineage.animation).toMatchObject({ frames: 2 });
    });

    it("a server error on every attempt at the third frame", async () => {
      const { row, objectId } = await partWay({ failPrompt: { prompt: "frame 3 of", kind: "server_error" } }, (id) =>
        runJob(api.server, id, openai.provider()),
      );
      expect(row).toMatchObject({ status: "failed", imagesMade: 2 });
      expect((await sheetAfter(objectId))!.lineage.animation).toMatchObject({ frames: 2 });
    });

    it("an answer that never finishes", async () => {
      const { row } = await partWay({ stallBody: { prompt: "frame 3 of" } }, (id) =>
        runGenerationJob(
          {
            db: api.database.db,
            storage: api.server.services.storage,
            providers: providerRegistry([openai.provider()]),
            maxAttempts: 1,
            // Long enough for the two frames before the stalled one on a busy machine.
            timeoutMs: 3_000,
          },
          id,
        ),
      );
      expect(row).toMatchObject({ status: "failed", imagesMade: 2 });
    });

    it("a cancel while the model draws the third frame", async () => {
      const { row, objectId } = await partWay({ stallBody: { prompt: "frame 3 of" } }, async (id) => {
        const running = runJob(api.server, id, openai.provider());
        await expect.poll(() => openai.fake.stalls.started).toBe(1);
        const cancel = await post(`/api/jobs/${id}/cancel`, {});
        expect(cancel.status).toBe(200);
        await running;
      });
      expect(row).toMatchObject({ status: "canceled", imagesMade: 2 });
      expect((await sheetAfter(objectId))!.lineage.animation).toMatchObject({ frames: 2 });
    });

    it("the object deleted while the third frame is drawn: nothing more is stored, no sheet, no file left", async () => {
      const { jobId } = await partWay({ stallBody: { prompt: "frame 3 of" } }, async (id, objectId) => {
        const running = runGenerationJob(
          {
            db: api.database.db,
            storage: api.server.services.storage,
            providers: providerRegistry([openai.provider()]),
            maxAttempts: 1,
            timeoutMs: 1_000,
          },
          id,
        );
        await expect.poll(() => openai.fake.stalls.started).toBe(1);
        const deleted = await api.server.call(`/api/objects/${objectId}`, {
          method: "DELETE",
          cookie: api.user.cookie,
        });
        expect(deleted.status).toBe(200);
        await running;
      });
      expect(await framesOf(jobId)).toEqual([]);
      expect(api.files.filesUnder("").filter((file) => file.includes(jobId))).toEqual([]);
    });
  });

  it("redraws one frame with its neighbours as references, and reorders and drops frames free", async () => {
    const { object, cover } = await knight();
    const { job } = await askAnimation(object.id, { imageId: cover.id, action: "attack", frames: 4 });
    expect((await runJob(api.server, job.id, openai.provider()))?.status).toBe("succeeded");
    const [sheet] = sheetsOf(await getObject(object.id));
    const frameIds = sheet!.lineage.animation!.drawn!.frameIds;
    const frames = await framesOf(job.id);
    const hashOf = async (at: number) => sha256((await api.server.services.storage.read(frames[at]!.fileKey))!);
    await fetch(`${openai.fake.url}/__control`, { method: "DELETE" });

    const redo = await askAnimationRedo(object.id, sheet!.id, 1);
    expect(redo).toMatchObject({ total: 1, kind: "animation" });
    expect((await runJob(api.server, redo.id, openai.provider()))?.status).toBe("succeeded");
    expect(openai.fake.requests[0]!.imageHashes.slice(0, 3)).toEqual([
      sha256(await fileOf(cover.url)),
      await hashOf(0),
      await hashOf(2),
    ]);
    const [redrawn] = await framesOf(redo.id);
    const newer = sheetsOf(await getObject(object.id)).find((image) => image.lineage.parentImageId === sheet!.id)!;
    expect(newer.lineage.animation!.drawn!.frameIds).toEqual([frameIds[0], redrawn!.id, frameIds[2], frameIds[3]]);

    const reorder = await post(`/api/objects/${object.id}/animation/frames`, {
      imageId: newer.id,
      order: [0, 2, 2, 3],
    });
    expect(reorder.status).toBe(201);
    const { image: reordered } = await json<{ image: ObjectImageView }>(reorder);
    expect(reordered.lineage.animation).toMatchObject({
      frames: 4,
      drawn: { frameIds: [frameIds[0], frameIds[2], frameIds[2], frameIds[3]] },
    });
    const dropped = await post(`/api/objects/${object.id}/animation/frames`, { imageId: newer.id, order: [0, 3] });
    expect(dropped.status).toBe(201);
    expect((await json<{ image: ObjectImageView }>(dropped)).image).toMatchObject({
      width: 2 * newer.lineage.animation!.cell,
      lineage: { animation: { frames: 2 } },
    });
    const again = await post(`/api/objects/${object.id}/animation/frames`, { imageId: newer.id, order: [0, 3] });
    expect(again.status).toBe(200);
  });

  async function askAnimationRedo(objectId: string, imageId: string, frame: number) {
    const response = await post(`/api/objects/${objectId}/animation/redraw-frame`, { imageId, frame });
    expect(response.status, await response.clone().text()).toBe(202);
    return (await json<{ job: JobView }>(response)).job;
  }

  it("answers bad input with 400 naming the field, a model that cannot draw frames with 409, and charges nothing", async () => {
    const { object, cover } = await knight();
    const before = await balance();
    const path = `/api/objects/${object.id}/drawn-animation`;
    const fieldOf = async (response: Response) => (await json<ErrorReply>(response)).error.fields?.[0]?.path;
    for (const [body, field] of [
      [{ imageId: cover.id, frames: 5 }, "frames"],
      [{ imageId: cover.id, directions: 3 }, "directions"],
      [{ imageId: cover.id, action: "dance" }, "action"],
      [{ imageId: cover.id, words: "x".repeat(201) }, "words"],
      [{ imageId: cover.id, colours: 1 }, "colours"],
    ] as const) {
      const response = await post(path, { model: "openai", ...body });
      expect(response.status).toBe(400);
      expect(await fieldOf(response)).toBe(field);
    }
    const preview = await post(path, { imageId: cover.id, model: "offline" });
    expect(preview.status).toBe(409);
    expect((await json<ErrorReply>(preview)).error.message).toContain("cannot draw frames");
    const notDrawn = await post(`/api/objects/${object.id}/animation/redraw-frame`, { imageId: cover.id, frame: 0 });
    expect(notDrawn.status).toBe(409);
    const badOrder = await post(`/api/objects/${object.id}/animation/frames`, { imageId: cover.id, order: [0] });
    expect(badOrder.status).toBe(400);
    expect(await fieldOf(badOrder)).toBe("order");
    expect(await balance()).toBe(before);
  });
});
