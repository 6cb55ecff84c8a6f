// Editing an object's image with words and repainting a painted region, through the API and the
// engine, with OpenAI's real client against a local OpenAI that checks what it is sent (the base
// first, the references after it, a mask of the base's size): success, refusal, 5xx, timeout and
// a cancel mid-call, each paid or refunded exactly once. On both databases.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import type { JobView, ObjectDetail, ObjectImageView } from "#domain/objects";
import { previewTexts } from "#domain/preview";
import { generationJobs, images } from "#server/db/schema";
import { createOfflineProvider } from "#server/generation/providers/offline.server";
import { createOpenAIProvider } from "#server/generation/providers/openai.server";
import { providerRegistry } from "#server/generation/providers/registry.server";
import { runGenerationJob } from "#server/generation/run-job.server";
import { startFakeOpenAI } from "../fakes/openai-images";
import { testDatabases } from "../support/databases";
import {
  balanceOf,
  createStyleThroughApi,
  json,
  ledgerSum,
  objectWithImage,
  runJob,
  submitObjects,
} from "../support/factories";
import { compositeOverBackground, renderSubject } from "../support/matte-fixtures";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi } from "../support/test-server";

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** A mask of the image's size: white (painted) in a square from (x, y), transparent elsewhere. */
async function paintedSquare(size: { width: number; height: number }, at: { x: number; y: number; side: number }) {
  const square = await sharp({
    create: { width: at.side, height: at.side, channels: 4, background: "#ffffff" },
  })
    .png()
    .toBuffer();
  return sharp({ create: { ...size, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: square, left: at.x, top: at.y }])
    .png()
    .toBuffer();
}

let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake?.close());

describe.each(testDatabases)("editing and repainting an image on $name", (target) => {
  const openai = () =>
    createOpenAIProvider({ apiKey: "sk-test", baseUrl: `${fake.url}/v1`, model: "gpt-image-1.5", timeoutMs: 2_000 });
  const api = setUpSignedInApi(target, "ann-edits@example.com", {
    // The preview engine is the default and cannot edit; OpenAI is on offer too.
    providers: () => providerRegistry([createOfflineProvider(), openai()]),
  });
  beforeEach(async () => {
    await fetch(`${fake.url}/__control`, { method: "DELETE" });
  });

  const getObject = async (id: string, cookie = api.user.cookie) =>
    (await json<{ object: ObjectDetail }>(await api.server.call(`/api/objects/${id}`, { cookie }))).object;
  const askEdit = (objectId: string, body: Record<string, unknown>, cookie = api.user.cookie) =>
    api.server.call(`/api/objects/${objectId}/edit`, { method: "POST", cookie, json: body });
  const fileOf = async (url: string) =>
    Buffer.from(await (await api.server.call(url, { cookie: api.user.cookie })).arrayBuffer());
  const jobRow = async (id: string) =>
    (await api.database.db.select().from(generationJobs).where(eq(generationJobs.id, id)))[0]!;
  const expectLedgerExact = async () =>
    expect(await ledgerSum(api.database.db, api.user.userId)).toBe(await balanceOf(api.database.db, api.user.userId));

  async function oneObject(transparent = true) {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Fox"], transparent });
    expect((await runJob(api.server, set.job.id))?.status).toBe("succeeded");
    return getObject(set.objects[0]!.id);
  }

  it("edits with words on a model that can: the base first, then the style's references; paid once; lineage kept", async () => {
    const object = await oneObject();
    const base = object.images[0]!;
    const before = await balanceOf(api.database.db, api.user.userId);
    const response = await askEdit(object.id, { imageId: base.id, instruction: "  wearing a   red scarf " });
    expect(response.status).toBe(202);
    const { job } = await json<{ job: JobView }>(response);
    expect(job).toMatchObject({ kind: "edit", total: 1, title: "Edit of “Fox”", provider: "openai" });
    expect(job.credits).toBeGreaterThan(0);
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before - job.credits);

    expect((await runJob(api.server, job.id, openai()))?.status).toBe("succeeded");
    const [sent] = fake.requests;
    expect(sent).toMatchObject({ path: "/v1/images/edits", mask: null, fields: { background: "transparent" } });
    expect(sent!.fields.prompt).toContain("wearing a red scarf");
    expect(sent!.fields.prompt).toContain("Fox");
    expect(sent!.imageHashes[0]).toBe(sha256(await fileOf(base.url)));
    expect(sent!.imageCount).toBeGreaterThan(1);

    const after = await getObject(object.id);
    const edited = after.images.find((image) => image.jobId === job.id)!;
    expect(edited.lineage).toEqual({
      operation: "edited",
      parentImageId: base.id,
      factor: null,
      method: null,
      view: null,
      instruction: "wearing a red scarf",
      sides: null,
      pixelArt: null,
      palette: null,
      normalise: null,
      tile: null,
      animation: null,
    });
    expect(edited.hasAlpha).toBe(true);
    // Nothing is overwritten: the base is still there, still the cover.
    expect(after.images.map((image) => image.id)).toContain(base.id);
    expect(after.coverImageId).toBe(base.id);
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before - job.credits);
    await expectLedgerExact();
  });

  it("repaints only the painted region: a mask of the base's size goes to the model, and every other pixel is kept", async () => {
    const object = await oneObject();
    const base = object.images[0]!;
    const mask = await paintedSquare(base, { x: 300, y: 300, side: 200 });
    const response = await askEdit(object.id, {
      imageId: base.id,
      instruction: "a golden crown",
      mask: `data:image/png;base64,${mask.toString("base64")}`,
    });
    expect(response.status).toBe(202);
    const { job } = await json<{ job: JobView }>(response);
    expect(job.title).toBe("Region repainted in “Fox”");
    expect((await runJob(api.server, job.id, openai()))?.status).toBe("succeeded");

    // OpenAI's form: the base's size, transparent exactly where painted.
    expect(fake.requests[0]!.mask).toEqual({
      width: base.width,
      height: base.height,
      hasAlpha: true,
      transparentPixels: 200 * 200,
    });
    const repainted = (await getObject(object.id)).images.find((image) => image.jobId === job.id)!;
    expect(repainted.lineage).toMatchObject({
      operation: "repainted",
      parentImageId: base.id,
      instruction: "a golden crown",
    });
    const [was, now] = await Promise.all(
      [base.url, repainted.url].map(async (url) =>
        sharp(await fileOf(url))
          .ensureAlpha()
          .raw()
          .toBuffer(),
      ),
    );
    const pixel = (buffer: Buffer, x: number, y: number) => [
      ...buffer.subarray((y * base.width + x) * 4, (y * base.width + x) * 4 + 4),
    ];
    // Far from the region: the original's pixels, alpha included.
    for (const [x, y] of [
      [0, 0],
      [base.width - 1, base.height - 1],
      [base.width / 2, base.height - 5],
      [600, 250],
      [290, 400],
    ]) {
      expect(pixel(now!, x!, y!), `${x},${y}`).toEqual(pixel(was!, x!, y!));
    }
    // Inside it: the model's (the fake draws a disc of one colour in the middle).
    expect(pixel(now!, 450, 450)).not.toEqual(pixel(was!, 450, 450));
    expect(pixel(now!, 450, 450)).toEqual(pixel(now!, 480, 470));
  });

  it("keeps the lineage through edit → upscale → background removal, each paid step charged once", async () => {
    const flat = await compositeOverBackground(await renderSubject("potion", 512), {
      background: { r: 250, g: 246, b: 236 },
      lossless: true,
    });
    const { objectId, imageId } = await objectWithImage(api, flat);
    const before = await balanceOf(api.database.db, api.user.userId);
    const { job } = await json<{ job: JobView }>(await askEdit(objectId, { imageId, instruction: "glowing green" }));
    expect((await runJob(api.server, job.id, openai()))?.status).toBe("succeeded");
    const edited = (await getObject(objectId)).images.find((image) => image.jobId === job.id)!;
    const post = async (path: string, body: Record<string, unknown>) => {
      const response = await api.server.call(`/api/objects/${objectId}/${path}`, {
        method: "POST",
        cookie: api.user.cookie,
        json: body,
      });
      expect(response.status, path).toBe(201);
      return (await json<{ image: ObjectImageView }>(response)).image;
    };
    const upscaled = await post("upscale", { imageId: edited.id, factor: 2 });
    const cut = await post("remove-background", { imageId: upscaled.id });
    expect(cut.hasAlpha).toBe(true);

    const lineage = new Map((await getObject(objectId)).images.map((image) => [image.id, image.lineage]));
    expect(lineage.get(imageId)).toMatchObject({ operation: "generated", parentImageId: null });
    expect(lineage.get(edited.id)).toMatchObject({
      operation: "edited",
      parentImageId: imageId,
      instruction: "glowing green",
    });
    expect(lineage.get(upscaled.id)).toMatchObject({ operation: "upscaled", parentImageId: edited.id, factor: 2 });
    expect(lineage.get(cut.id)).toMatchObject({ operation: "background-removed", parentImageId: upscaled.id });
    // The edit and the removal are paid, the basic upscale is free: once each.
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before - job.credits - cut.credits);
    await expectLedgerExact();
  });

  it("edits an opaque base saved with an alpha channel (every pixel at 255) as opaque, and stores it so", async () => {
    const flat = await compositeOverBackground(await renderSubject("potion", 512), {
      background: { r: 250, g: 246, b: 236 },
      lossless: true,
    });
    const withAlphaChannel = await sharp(flat).ensureAlpha(1).png().toBuffer();
    expect((await sharp(withAlphaChannel).metadata()).hasAlpha).toBe(true);
    const { objectId, imageId } = await objectWithImage(api, withAlphaChannel);
    // As storing it records it: the file has an alpha channel.
    await api.database.db.update(images).set({ hasAlpha: true }).where(eq(images.id, imageId));

    const { job } = await json<{ job: JobView }>(await askEdit(objectId, { imageId, instruction: "glowing green" }));
    expect((await runJob(api.server, job.id, openai()))?.status).toBe("succeeded");
    expect(fake.requests[0]!.fields.background).toBe("opaque");
    const edited = (await getObject(objectId)).images.find((image) => image.jobId === job.id)!;
    expect(edited.transparent).toBe(false);
  });

  it("refuses a mask of another size, an empty one and one that is not a PNG, charging nothing", async () => {
    const object = await oneObject();
    const base = object.images[0]!;
    const before = await balanceOf(api.database.db, api.user.userId);
    const wrongSize = await paintedSquare({ width: 512, height: 512 }, { x: 0, y: 0, side: 10 });
    const empty = await paintedSquare(base, { x: 0, y: 0, side: 1 }).then((png) =>
      sharp(png)
        .composite([
          {
            input: Buffer.from([0, 0, 0, 0]),
            raw: { width: 1, height: 1, channels: 4 },
            left: 0,
            top: 0,
            blend: "clear",
          },
        ])
        .png()
        .toBuffer(),
    );
    const jpeg = await sharp({ create: { ...base, channels: 3, background: "#ffffff" } })
      .jpeg()
      .toBuffer();
    const answers = await Promise.all(
      [wrongSize, empty, jpeg].map(async (mask) => {
        const response = await askEdit(object.id, {
          imageId: base.id,
          instruction: "a hat",
          mask: mask.toString("base64"),
        });
        return [response.status, (await json<{ error: { message: string } }>(response)).error.message];
      }),
    );
    expect(answers).toEqual([
      [400, `The painted region is 512 × 512 px; it must be the image's size, ${base.width} × ${base.height} px.`],
      [400, "Paint the region to repaint first."],
      [400, "The painted region must be a PNG."],
    ]);
    expect((await askEdit(object.id, { imageId: base.id, instruction: "   " })).status).toBe(400);
    expect((await askEdit(object.id, { imageId: "nope", instruction: "a hat" })).status).toBe(404);
    const bob = await signInThroughApi(api.server, "bob-edits@example.com");
    expect((await askEdit(object.id, { imageId: base.id, instruction: "a hat" }, bob.cookie)).status).toBe(404);
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before);
    expect(fake.requests).toHaveLength(0);
  });

  it("says plainly why a model cannot edit, and charges nothing", async () => {
    const object = await oneObject();
    const response = await askEdit(object.id, {
      imageId: object.images[0]!.id,
      instruction: "a hat",
      model: "offline",
    });
    expect(response.status).toBe(409);
    expect((await json<{ error: { message: string } }>(response)).error.message).toBe(
      `${previewTexts.name} cannot edit images. ${previewTexts.cannotEdit}`,
    );
    const listed = await json<{ models: { models: { id: string; edit: unknown }[] } }>(
      await api.server.call("/api/styles", { cookie: api.user.cookie }),
    );
    expect(listed.models.models.map((m) => [m.id, m.edit])).toEqual([
      ["offline", { words: false, region: false, why: previewTexts.cannotEdit }],
      ["openai", { words: true, region: true, why: null }],
    ]);
  });

  describe("when the model fails, every credit comes back once and nothing is stored", () => {
    async function failedEdit(setUp: Record<string, unknown>, run: (jobId: string) => Promise<unknown>) {
      const object = await oneObject(false);
      const base = object.images[0]!;
      const before = await balanceOf(api.database.db, api.user.userId);
      await fetch(`${fake.url}/__control`, { method: "POST", body: JSON.stringify(setUp) });
      const { job } = await json<{ job: JobView }>(
        await askEdit(object.id, { imageId: base.id, instruction: "make it night" }),
      );
      await run(job.id);
      const row = await jobRow(job.id);
      expect(row).toMatchObject({ refunded: true, refundedCredits: job.credits, imagesMade: 0 });
      expect(await balanceOf(api.database.db, api.user.userId)).toBe(before);
      expect(await api.database.db.select().from(images).where(eq(images.jobId, job.id))).toEqual([]);
      expect(api.files.filesUnder("").filter((file) => file.includes(job.id))).toEqual([]);
      await expectLedgerExact();
      return row;
    }

    it("a refusal under the content policy", async () => {
      const row = await failedEdit({ failAlways: "moderation" }, (id) => runJob(api.server, id, openai()));
      expect(row.status).toBe("failed");
      expect(row.error).toContain("content policy");
    });

    it("a server error on every attempt", async () => {
      const row = await failedEdit({ failAlways: "server_error" }, (id) => runJob(api.server, id, openai()));
      expect(row.status).toBe("failed");
      expect(fake.requests).toHaveLength(2);
    });

    it("an answer that never finishes", async () => {
      const row = await failedEdit({ stallBody: { prompt: "make it night" } }, (id) =>
        runGenerationJob(
          {
            db: api.database.db,
            storage: api.server.services.storage,
            providers: providerRegistry([openai()]),
            maxAttempts: 1,
            // Long enough for the upload on a busy machine, so the deadline falls while the model works.
            timeoutMs: 2_000,
          },
          id,
        ),
      );
      expect(row.status).toBe("failed");
      expect(fake.stalls.started).toBe(1);
    });

    it("a cancel while the model works", async () => {
      const row = await failedEdit({ latencyMs: 1_500 }, async (id) => {
        const running = runJob(api.server, id, openai());
        await expect.poll(() => fake.requests.length).toBe(1);
        const cancel = await api.server.call(`/api/jobs/${id}/cancel`, { method: "POST", cookie: api.user.cookie });
        expect(cancel.status).toBe(200);
        await running;
      });
      expect(row.status).toBe("canceled");
    });
  });
});
