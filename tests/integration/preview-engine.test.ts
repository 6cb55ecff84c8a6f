import { pricesAtRate, standardPrices } from "#domain/pricing";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ObjectDetail, ObjectPage, JobView } from "#domain/objects";
import { previewTexts } from "#domain/preview";
import type { StyleView } from "#domain/styles";
import type { DatabaseHandle } from "#server/db/client.server";
import { creditLedger, generationJobs, images } from "#server/db/schema";
import { failJob } from "#server/generation/lifecycle.server";
import { createOfflineProvider } from "#server/generation/providers/offline.server";
import { testDatabases } from "../support/databases";
import { balanceOf, json, ledgerSum, readZip, runJob, submitObjects } from "../support/factories";
import { noQueue, signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

describe.each(testDatabases)("free preview generations on $name", (target) => {
  let database: DatabaseHandle;
  let server: ApiTestServer;
  let ann: { cookie: string; userId: string };

  beforeAll(async () => {
    database = await target.open();
    // No sign-up credits: a free preview must run with a balance of 0.
    server = await startApiServer(
      database,
      { SIGNIN_LIMIT_PER_IP: "1000", SIGNUP_CREDITS: "0" },
      { provider: createOfflineProvider({ prices: pricesAtRate(0) }), queue: noQueue },
    );
    ann = await signInThroughApi(server, "ann-preview@example.com");
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const ledgerRows = () => database.db.select().from(creditLedger).where(eq(creditLedger.workspaceId, ann.userId));

  async function createStyle(description: string) {
    const form = new FormData();
    form.set("name", "Preview style");
    form.set("description", description);
    form.set("defaultDetail", "high");
    form.set("defaultSize", "portrait");
    const response = await server.call("/api/styles", { method: "POST", body: form, cookie: ann.cookie });
    expect(response.status).toBe(201);
    return json<{ style: { id: string }; job: { id: string; credits: number } }>(response);
  }

  it("makes a style's samples, objects and variations for nothing, writing no ledger rows", async () => {
    const before = await ledgerRows();
    const { style, job } = await createStyle("Flat icons in red and navy");
    expect(job.credits).toBe(0);
    expect((await runJob(server, job.id))?.status).toBe("succeeded");

    // The samples say which engine made them.
    const { styles } = await json<{ styles: StyleView[] }>(await server.call("/api/styles", { cookie: ann.cookie }));
    const anchors = styles.find((s) => s.id === style.id)!.anchors;
    expect(anchors).toHaveLength(4);
    expect(anchors.every((a) => a.provider === "offline")).toBe(true);

    const set = await submitObjects(server, ann.cookie, {
      styleId: style.id,
      subjects: ["a shiny treasure chest", "a spaceship"],
      detail: "high",
      size: "landscape",
    });
    expect(set.job).toMatchObject({ credits: 0, provider: "offline" });
    expect((await runJob(server, set.job.id))?.status).toBe("succeeded");

    const variations = await server.call(`/api/objects/${set.objects[0]!.id}/variations`, {
      method: "POST",
      cookie: ann.cookie,
      json: { count: 2 },
    });
    expect(variations.status).toBe(202);
    const { job: variationJob } = await json<{ job: JobView }>(variations);
    expect(variationJob.credits).toBe(0);
    expect((await runJob(server, variationJob.id))?.status).toBe("succeeded");

    // Nothing charged, nothing refunded, and no zero rows either.
    expect(await ledgerRows()).toEqual(before);
    expect(await balanceOf(database.db, ann.userId)).toBe(0);
    expect(await ledgerSum(database.db, ann.userId)).toBe(0);
    const made = await database.db.select().from(images).where(eq(images.ownerId, ann.userId));
    expect(made).toHaveLength(4 + 2 + 2);
    expect(made.every((image) => image.credits === 0 && image.provider === "offline")).toBe(true);
    const jobs = await database.db.select().from(generationJobs).where(eq(generationJobs.ownerId, ann.userId));
    expect(jobs.map((j) => [j.status, j.credits, j.refunded])).toEqual(jobs.map(() => ["succeeded", 0, false]));
  });

  it("never repeats an image the object has: more variations draw other icons, then mirror them, then say there is no other", async () => {
    const { style, job } = await createStyle("Flat icons in red and navy");
    await runJob(server, job.id);
    const set = await submitObjects(server, ann.cookie, { styleId: style.id, subjects: ["a tree"] });
    expect((await runJob(server, set.job.id))?.status).toBe("succeeded");
    const objectId = set.objects[0]!.id;
    const files = async () => {
      const rows = await database.db.select().from(images).where(eq(images.objectId, objectId));
      return Promise.all(
        rows.map(async (row) => (await server.services.storage.read(row.fileKey))!.toString("base64")),
      );
    };
    // Variations until the engine has nothing left to draw, one at a time as a person would ask.
    let last: Awaited<ReturnType<typeof runJob>> = null;
    for (let i = 0; i < 12; i++) {
      const response = await server.call(`/api/objects/${objectId}/variations`, {
        method: "POST",
        cookie: ann.cookie,
        json: { count: 1 },
      });
      last = await runJob(server, (await json<{ job: JobView }>(response)).job.id);
      if (last?.status !== "succeeded") break;
    }
    const made = await files();
    expect(made.length).toBeGreaterThanOrEqual(3);
    // Every image differs from every other.
    expect(new Set(made).size).toBe(made.length);
    // And then it says so instead of drawing one again, and nothing is stored.
    expect(last).toMatchObject({ status: "failed", error: previewTexts.noOtherDrawing });
    expect(await files()).toHaveLength(made.length);
  });

  it("shows the engine on covers and, on the object page, the words it did not understand", async () => {
    const { style, job } = await createStyle("Muted sage and rose watercolour with dreamy glitter");
    await runJob(server, job.id);
    const set = await submitObjects(server, ann.cookie, {
      styleId: style.id,
      subjects: ["a cosy house", "a flibbertigibbet"],
    });
    await runJob(server, set.job.id);

    const page = await json<ObjectPage>(
      await server.call(`/api/objects?setId=${set.job.id}&sort=name`, { cookie: ann.cookie }),
    );
    expect(page.objects.map((o) => o.cover?.provider)).toEqual(["offline", "offline"]);

    const house = (
      await json<{ object: ObjectDetail }>(
        await server.call(`/api/objects/${set.objects[0]!.id}`, { cookie: ann.cookie }),
      )
    ).object;
    expect(house.images[0]!.previewNotes).toEqual({ drawn: true, unknownWords: ["cosy", "dreamy", "glitter"] });
    const unknown = (
      await json<{ object: ObjectDetail }>(
        await server.call(`/api/objects/${set.objects[1]!.id}`, { cookie: ann.cookie }),
      )
    ).object;
    expect(unknown.images[0]!.previewNotes).toMatchObject({ drawn: false });

    // The downloaded file and the ZIP's manifest both say it is a preview.
    const file = await server.call(house.images[0]!.url, { cookie: ann.cookie });
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(meta.xmpAsString).toContain(previewTexts.software);
    const zip = await server.call(`/api/objects/export.zip?setId=${set.job.id}`, { cookie: ann.cookie });
    expect(zip.status).toBe(200);
    const entries = await readZip(Buffer.from(await zip.arrayBuffer()));
    const manifest = JSON.parse(entries.find((e) => e.name === "manifest.json")!.data.toString("utf8"));
    const files = manifest.objects.flatMap((o: { images: { madeBy?: string }[] }) => o.images);
    expect(files).toHaveLength(2);
    expect(files.every((f: { madeBy?: string }) => f.madeBy === previewTexts.software)).toBe(true);
  });

  it("draws each subject from an open icon library and keeps its credit: on the image, in the file and in the ZIP", async () => {
    const { style, job } = await createStyle("Flat pastel isometric icons");
    await runJob(server, job.id);
    const animals = ["fox", "owl", "bear", "deer", "rabbit"];
    const set = await submitObjects(server, ann.cookie, { styleId: style.id, subjects: animals });
    expect((await runJob(server, set.job.id))?.status).toBe("succeeded");

    const credits = [];
    for (const made of set.objects) {
      const { object } = await json<{ object: ObjectDetail }>(
        await server.call(`/api/objects/${made.id}`, { cookie: ann.cookie }),
      );
      const image = object.images[0]!;
      expect(image.previewNotes).toMatchObject({ drawn: true, unknownWords: [] });
      expect(image.credit).toMatchObject({ library: "Fluent Emoji Flat", licence: "MIT" });
      credits.push(image.credit!);
      // The file says it too, in its own metadata.
      const file = Buffer.from(await (await server.call(image.url, { cookie: ann.cookie })).arrayBuffer());
      const { xmp } = await sharp(file).metadata();
      expect(xmp!.toString("utf8")).toContain(image.credit!.attribution);
    }
    // Five different animals, each drawn from its own icon.
    expect(credits.map((c) => c.icon)).toEqual(animals);

    const zip = await server.call(`/api/objects/export.zip?setId=${set.job.id}`, { cookie: ann.cookie });
    const entries = await readZip(Buffer.from(await zip.arrayBuffer()));
    const attribution = entries.find((e) => e.name === "ATTRIBUTION.txt")!.data.toString("utf8");
    for (const animal of animals)
      expect(attribution).toMatch(new RegExp(`-${animal}\\.png: ${animal} · Fluent Emoji Flat · MIT`, "i"));
    expect(attribution).toContain("Fluent Emoji by Microsoft Corporation (MIT)");
    const manifest = JSON.parse(entries.find((e) => e.name === "manifest.json")!.data.toString("utf8"));
    expect(manifest.objects[0].images[0].drawnFrom).toMatchObject({ icon: "fox", licence: "MIT" });
  });

  it("cancels or fails a free job without a refund row", async () => {
    const { style, job } = await createStyle("Flat icons");
    await runJob(server, job.id);
    const before = await ledgerRows();

    const queued = await submitObjects(server, ann.cookie, { styleId: style.id, subjects: ["a key"] });
    const cancel = await server.call(`/api/jobs/${queued.job.id}/cancel`, { method: "POST", cookie: ann.cookie });
    expect(cancel.status).toBe(200);
    const [canceled] = await database.db.select().from(generationJobs).where(eq(generationJobs.id, queued.job.id));
    expect(canceled).toMatchObject({ status: "canceled", refunded: false, refundedCredits: 0 });

    const failing = await submitObjects(server, ann.cookie, { styleId: style.id, subjects: ["a coin"] });
    const [row] = await database.db.select().from(generationJobs).where(eq(generationJobs.id, failing.job.id));
    const failed = await failJob({ db: database.db }, row!, "The image service is down");
    expect(failed).toMatchObject({ status: "failed", refunded: false, refundedCredits: 0 });

    expect(await ledgerRows()).toEqual(before);
    expect(await balanceOf(database.db, ann.userId)).toBe(0);
  });

  it("charges the standard price when the operator prices previews so", async () => {
    const priced = await startApiServer(
      database,
      { SIGNIN_LIMIT_PER_IP: "1000" },
      { provider: createOfflineProvider({ prices: standardPrices }), queue: noQueue },
    );
    try {
      const bob = await signInThroughApi(priced, "bob-preview@example.com");
      const form = new FormData();
      form.set("name", "Priced");
      form.set("description", "Flat icons");
      form.set("defaultDetail", "draft");
      const response = await priced.call("/api/styles", { method: "POST", body: form, cookie: bob.cookie });
      expect(response.status).toBe(201);
      const { job } = await json<{ job: { credits: number } }>(response);
      expect(job.credits).toBe(12);
      expect(await balanceOf(database.db, bob.userId)).toBe(100 - 12);
    } finally {
      await priced.close();
    }
  });
});
