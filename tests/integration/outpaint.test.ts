// Extending an image's canvas and painting a new background behind its subject, through the API
// and the engine, with OpenAI's real client against a local OpenAI that checks what it is sent:
// the enlarged canvas, and a mask of its size transparent (OpenAI's form of "paint here") over the
// new space; the stored image larger, the original's pixels unchanged; paid once, a refusal
// refunded once; the preview engine and bad requests refused before anything is paid. On both databases.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { JobView, ObjectDetail } from "#domain/objects";
import { unitPrice } from "#domain/pricing";
import { images } from "#server/db/schema";
import { testDatabases } from "../support/databases";
import { createStyleThroughApi, json, runJob, submitObjects } from "../support/factories";
import { paidObjectJobs } from "../support/paid-object-jobs";
import { setUpOpenAIApi } from "../support/openai-api";
import { signInThroughApi } from "../support/test-server";

type Refusal = { error: { message: string; fields?: { path: string; message: string }[] } };

describe.each(testDatabases)("extending an image and painting a new background on $name", (target) => {
  const { api, openai } = setUpOpenAIApi(target, "ann-outpaint@example.com");
  const { getObject, fileOf, jobRow, balance, expectLedgerExact } = paidObjectJobs(api);
  const askOutpaint = (objectId: string, body: Record<string, unknown>, cookie = api.user.cookie) =>
    api.server.call(`/api/objects/${objectId}/outpaint`, { method: "POST", cookie, json: body });
  const rgba = async (file: Buffer) => {
    const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  };

  async function fox(transparent: boolean): Promise<ObjectDetail> {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie, { transparent });
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Fox"], transparent });
    expect((await runJob(api.server, set.job.id))?.status).toBe("succeeded");
    return getObject(set.objects[0]!.id);
  }

  /** The object's first image replaced by a picture no model draws: a gradient, every pixel its own. */
  async function gradientFox(): Promise<ObjectDetail> {
    const object = await fox(false);
    const [row] = await api.database.db.select().from(images).where(eq(images.id, object.images[0]!.id));
    const { width, height } = row!;
    const data = Buffer.alloc(width * height * 3);
    for (let p = 0; p < width * height; p++) data.set([(p % width) % 256, Math.floor(p / width) % 256, 99], p * 3);
    const picture = await sharp(data, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
    await api.server.services.storage.put(row!.fileKey, picture, "image/png");
    await api.database.db.update(images).set({ format: "png", hasAlpha: false }).where(eq(images.id, row!.id));
    return getObject(object.id);
  }

  it("extends to the right by half: the canvas and a mask of its size go to the model, the original's pixels stay, paid once", async () => {
    const object = await gradientFox();
    const base = object.images[0]!;
    const before = await balance();
    const response = await askOutpaint(object.id, {
      imageId: base.id,
      sides: { right: 0.5 },
      words: "  more of the   meadow ",
      model: "openai",
    });
    expect(response.status, await response.clone().text()).toBe(202);
    const { job } = await json<{ job: JobView }>(response);
    expect(job).toMatchObject({ kind: "outpaint", total: 1, title: "Outpaint of “Fox”", provider: "openai" });
    // Priced as one edit of the object on that model: one image at its size and detail.
    const prices = openai.provider().prices;
    expect(job.credits).toBe(unitPrice({ size: object.size, detail: object.detail, prices }));
    expect(await balance()).toBe(before - job.credits);

    expect((await runJob(api.server, job.id, openai.provider()))?.status).toBe("succeeded");
    const [sent] = openai.fake.requests;
    const wide = { width: base.width * 1.5, height: base.height };
    expect(sent).toMatchObject({ path: "/v1/images/edits", imageCount: 1, fields: { size: "1536x1024" } });
    expect(sent!.imageSizes[0]).toEqual(wide);
    // OpenAI's form of the mask: transparent exactly over the new space (the seam's feather is partly so).
    expect(sent!.mask).toEqual({ ...wide, hasAlpha: true, transparentPixels: (base.width / 2) * base.height });
    expect(sent!.fields.prompt).toContain("more of the meadow");
    expect(sent!.fields.prompt).toContain("Fox");

    const after = await getObject(object.id);
    const made = after.images.find((image) => image.jobId === job.id)!;
    expect(made).toMatchObject(wide);
    expect(made.lineage).toMatchObject({
      operation: "outpainted",
      parentImageId: base.id,
      instruction: "more of the meadow",
      sides: { left: 0, right: 0.5, top: 0, bottom: 0 },
    });
    const [was, now] = await Promise.all([rgba(await fileOf(base.url)), rgba(await fileOf(made.url))]);
    expect([now.width, now.height]).toEqual([wide.width, wide.height]);
    for (let y = 0; y < base.height; y++) {
      const row = was.data.subarray(y * base.width * 4, (y + 1) * base.width * 4);
      const at = y * wide.width * 4;
      expect(Buffer.compare(now.data.subarray(at, at + base.width * 4), row), `row ${y}`).toBe(0);
    }
    // The new space is the model's (the fake paints a cream ground with a disc in the middle).
    const pixel = (x: number, y: number) => [
      ...now.data.subarray((y * wide.width + x) * 4, (y * wide.width + x) * 4 + 4),
    ];
    expect(pixel(wide.width - 1, 0)).toEqual([0xf4, 0xf1, 0xea, 255]);
    // Nothing is overwritten: the original is still there, still the cover.
    expect(after.coverImageId).toBe(base.id);
    expect(await balance()).toBe(before - job.credits);
    await expectLedgerExact();
  });

  it("paints a new background behind a transparent subject, which it keeps pixel for pixel", async () => {
    const object = await fox(true);
    const base = object.images[0]!;
    expect(base.hasAlpha).toBe(true);
    const response = await askOutpaint(object.id, {
      imageId: base.id,
      mode: "background",
      words: "a misty forest at dawn",
      model: "openai",
    });
    expect(response.status, await response.clone().text()).toBe(202);
    const { job } = await json<{ job: JobView }>(response);
    expect(job.title).toBe("New background for “Fox”");
    expect((await runJob(api.server, job.id, openai.provider()))?.status).toBe("succeeded");

    const was = await rgba(await fileOf(base.url));
    let background = 0;
    for (let p = 0; p < was.width * was.height; p++) if (was.data[p * 4 + 3]! < 128) background++;
    const [sent] = openai.fake.requests;
    expect(sent!.fields.background).toBe("opaque");
    expect(sent!.fields.prompt).toContain("a misty forest at dawn");
    expect(sent!.mask).toEqual({
      width: base.width,
      height: base.height,
      hasAlpha: true,
      transparentPixels: background,
    });

    const made = (await getObject(object.id)).images.find((image) => image.jobId === job.id)!;
    expect(made).toMatchObject({ width: base.width, height: base.height, hasAlpha: false });
    expect(made.lineage).toMatchObject({ operation: "background", instruction: "a misty forest at dawn", sides: null });
    const now = await rgba(await fileOf(made.url));
    let kept = 0;
    let changed = 0;
    for (let p = 0; p < was.width * was.height; p++) {
      if (was.data[p * 4 + 3] !== 255) continue;
      kept++;
      if (was.data.compare(now.data, p * 4, p * 4 + 4, p * 4, p * 4 + 4) !== 0) changed++;
    }
    expect(changed).toBe(0);
    expect(kept).toBeGreaterThan(1000);
    expect(background).toBeGreaterThan(1000);
  });

  it("refunds a refused outpaint once, and stores nothing", async () => {
    const object = await gradientFox();
    const before = await balance();
    await openai.control({ failAlways: "moderation" });
    const { job } = await json<{ job: JobView }>(
      await askOutpaint(object.id, { imageId: object.images[0]!.id, sides: { left: 0.25 }, model: "openai" }),
    );
    expect(await balance()).toBe(before - job.credits);
    expect((await runJob(api.server, job.id, openai.provider()))?.status).toBe("failed");
    expect(await jobRow(job.id)).toMatchObject({ refunded: true, refundedCredits: job.credits, imagesMade: 0 });
    expect(await api.database.db.select().from(images).where(eq(images.jobId, job.id))).toEqual([]);
    expect(await balance()).toBe(before);
    await expectLedgerExact();
  });

  it("refuses the preview engine with 409, bad requests with 400 or 404 naming the field, charging nothing", async () => {
    const object = await gradientFox();
    const imageId = object.images[0]!.id;
    const before = await balance();
    const refusal = async (response: Response, status: number) => {
      expect(response.status, await response.clone().text()).toBe(status);
      return (await json<Refusal>(response)).error;
    };

    const preview = await refusal(
      await askOutpaint(object.id, { imageId, sides: { right: 0.5 }, model: "offline" }),
      409,
    );
    expect(preview.message).toContain("Preview engine cannot extend an image");
    const field = async (body: Record<string, unknown>) =>
      (await refusal(await askOutpaint(object.id, { imageId, model: "openai", ...body }), 400)).fields?.[0];
    expect(await field({})).toMatchObject({ path: "sides", message: expect.stringContaining("at least one side") });
    expect(await field({ sides: { left: 0, top: 0 } })).toMatchObject({ path: "sides" });
    expect(await field({ sides: { right: 1.5 } })).toMatchObject({
      path: "sides.right",
      message: expect.stringContaining("right side"),
    });
    expect(await field({ sides: { right: 0.5 }, words: "a hat\u0000" })).toMatchObject({ path: "words" });
    expect(await field({ mode: "background" })).toMatchObject({ path: "words" });
    expect(await field({ mode: "sideways", sides: { right: 0.5 } })).toMatchObject({ path: "mode" });
    // A picture whose subject cannot be told from its background (the gradient) gets no new background.
    const busy = await refusal(
      await askOutpaint(object.id, { imageId, mode: "background", words: "a forest", model: "openai" }),
      409,
    );
    expect(busy.message).toContain("neither a transparent nor a plain background");

    expect((await askOutpaint(object.id, { imageId: "nope", sides: { right: 0.5 } })).status).toBe(404);
    const bob = await signInThroughApi(api.server, "bob-outpaint@example.com");
    expect((await askOutpaint(object.id, { imageId, sides: { right: 0.5 }, model: "openai" }, bob.cookie)).status).toBe(
      404,
    );
    expect(openai.fake.requests).toEqual([]);
    expect(await balance()).toBe(before);
    await expectLedgerExact();
  });
});
