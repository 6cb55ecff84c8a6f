import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ObjectDetail, JobView } from "#domain/objects";
import type { DatabaseHandle } from "#server/db/client.server";
import { creditLedger, generationJobs, objects, styles as stylesTable } from "#server/db/schema";
import { jobExpirySeconds, type GenerationQueue } from "#server/generation/queue.server";
import { createRecordingProvider, sha256 } from "../fakes/recording-provider";
import { testDatabases } from "../support/databases";
import {
  balanceOf,
  createStyleThroughApi,
  grantCredits,
  insertStyle,
  json,
  ledgerSum,
  runJob,
  submitObjects,
} from "../support/factories";
import { signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

type ErrorBody = {
  error: { code: string; message: string; details?: unknown; fields?: { path: string; message: string }[] };
};

describe.each(testDatabases)("generating objects on $name", (target) => {
  let database: DatabaseHandle;
  let server: ApiTestServer;
  let ann: { cookie: string; userId: string };
  const provider = createRecordingProvider();
  /** What the API queued, and for how long each may run. */
  const enqueued: { jobId: string; expireInSeconds: number }[] = [];
  const queue: GenerationQueue = {
    async enqueue(jobId, { expireInSeconds }) {
      enqueued.push({ jobId, expireInSeconds });
    },
    async work() {},
  };

  beforeAll(async () => {
    database = await target.open();
    server = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "1000" }, { provider, queue });
    ann = await signInThroughApi(server, "ann@example.com");
    await grantCredits(database.db, ann.userId, 1000);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const fetchBytes = async (url: string, cookie = ann.cookie) => {
    const response = await server.call(url, { cookie });
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };
  const getObject = async (id: string) =>
    (await json<{ object: ObjectDetail }>(await server.call(`/api/objects/${id}`, { cookie: ann.cookie }))).object;

  /** The hashes of what every image of a style is matched to: its references, then its samples. */
  async function styleReferenceHashes(styleId: string): Promise<string[]> {
    const { styles } = await json<{
      styles: { id: string; references: { url: string }[]; anchors: { url: string }[] }[];
    }>(await server.call("/api/styles", { cookie: ann.cookie }));
    const style = styles.find((s) => s.id === styleId)!;
    const hashes = [];
    for (const { url } of [...style.references, ...style.anchors]) hashes.push(sha256(await fetchBytes(url)));
    return hashes;
  }

  it("chains a set to its first image, and matches variations to the object's cover", async () => {
    const uploads = await Promise.all(
      ["#e76f51", "#2a9d8f"].map((background) =>
        sharp({ create: { width: 48, height: 40, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const { styleId } = await createStyleThroughApi(server, ann.cookie, { references: uploads });
    const styleRefs = await styleReferenceHashes(styleId);
    expect(styleRefs).toHaveLength(2 + 4);
    expect(new Set(styleRefs).size).toBe(6);

    provider.reset();
    const names = ["Treasure chest", "Magic wand", "Old key"];
    const set = await submitObjects(server, ann.cookie, { styleId, subjects: names });
    expect(set.job).toMatchObject({ kind: "object-images", status: "queued", total: 3, credits: 9 });
    expect(await getObject(set.objects[0]!.id)).toMatchObject({ generating: true, imageCount: 0, cover: null });
    expect((await runJob(server, set.job.id))?.status).toBe("succeeded");

    const made: ObjectDetail[] = [];
    for (const name of names) made.push(await getObject(set.objects.find((o) => o.name === name)!.id));
    expect(made.map((o) => [o.images.length, o.generating, o.cover?.id])).toEqual(
      made.map((o) => [1, false, o.images[0]!.id]),
    );
    const first = await fetchBytes(made[0]!.images[0]!.url);

    const { calls } = provider;
    expect(calls).toHaveLength(3);
    // The first image is matched to the style alone; the rest to the first image, then the style.
    expect(calls[0]!.references.map((r) => r.sha256)).toEqual(styleRefs);
    for (const call of calls.slice(1)) {
      expect(call.references.map((r) => r.sha256)).toEqual([sha256(first), ...styleRefs]);
      expect(call.references[0]!.bytes).toBe(first.length);
    }
    calls.forEach((call, i) => {
      expect(call.prompt.startsWith(`${names[i]}.`)).toBe(true);
      expect(call.seed).toBe(made[i]!.images[0]!.seed);
      expect(made[i]!.images[0]!.prompt).toBe(call.prompt);
    });
    expect(new Set(calls.map((c) => c.seed)).size).toBe(3);

    // Variations: the cover first, then the style; seeds differ from the images made before.
    const chest = made[0]!;
    const coverBytes = first;
    provider.reset();
    const response = await server.call(`/api/objects/${chest.id}/variations`, {
      method: "POST",
      cookie: ann.cookie,
      json: { count: 2 },
    });
    expect(response.status).toBe(202);
    const { job } = await json<{ job: JobView }>(response);
    expect(job).toMatchObject({ kind: "variations", total: 2, credits: 6, objects: [{ id: chest.id, total: 2 }] });
    expect((await runJob(server, job.id))?.status).toBe("succeeded");
    expect(provider.calls).toHaveLength(2);
    for (const call of provider.calls) {
      expect(call.references.map((r) => r.sha256)).toEqual([sha256(coverBytes), ...styleRefs]);
      expect(call.prompt.startsWith("Treasure chest.")).toBe(true);
    }
    const seeds = [chest.images[0]!.seed, ...provider.calls.map((c) => c.seed)];
    expect(new Set(seeds).size).toBe(3);
    const withVariations = await getObject(chest.id);
    expect(withVariations.images).toHaveLength(3);
    expect(withVariations.coverImageId).toBe(chest.images[0]!.id);

    // Once another image is the cover, that one goes first.
    const chosen = withVariations.images[2]!;
    const patched = await server.call(`/api/objects/${chest.id}`, {
      method: "PATCH",
      cookie: ann.cookie,
      json: { coverImageId: chosen.id },
    });
    expect(patched.status).toBe(200);
    provider.reset();
    const again = await json<{ job: JobView }>(
      await server.call(`/api/objects/${chest.id}/variations`, {
        method: "POST",
        cookie: ann.cookie,
        json: { count: 1 },
      }),
    );
    expect((await runJob(server, again.job.id))?.status).toBe("succeeded");
    expect(provider.calls[0]!.references.map((r) => r.sha256)).toEqual([
      sha256(await fetchBytes(chosen.url)),
      ...styleRefs,
    ]);
  });

  it("makes a set at the style's own size, detail and transparency when the request leaves them out", async () => {
    const styleId = await insertStyle(database.db, { ownerId: ann.userId, name: "Landscapes" });
    await server.services.database.db
      .update(stylesTable)
      .set({ defaultSize: "landscape", defaultDetail: "high", defaultTransparent: false })
      .where(eq(stylesTable.id, styleId));
    const response = await server.call("/api/objects", {
      method: "POST",
      cookie: ann.cookie,
      json: { styleId, subjects: ["Harbour"] },
    });
    expect(response.status).toBe(202);
    const { objects: made } = await json<{ objects: { id: string }[] }>(response);
    const [row] = await database.db.select().from(objects).where(eq(objects.id, made[0]!.id));
    expect(row).toMatchObject({ size: "landscape", detail: "high", transparent: false });
    // What is sent wins over the style's.
    const { objects: square } = await submitObjects(server, ann.cookie, { styleId, subjects: ["Boat"] });
    const [boat] = await database.db.select().from(objects).where(eq(objects.id, square[0]!.id));
    expect(boat).toMatchObject({ size: "square", detail: "draft", transparent: true });
  });

  it("shows an object as generating only while its own images are still to come", async () => {
    const { styleId } = await createStyleThroughApi(server, ann.cookie, { name: "Progress" });
    await runJob(server, enqueued.at(-1)!.jobId);
    const set = await submitObjects(server, ann.cookie, { styleId, subjects: ["Cup", "Saucer"], variations: 2 });
    const seen: Record<string, boolean>[] = [];
    const watching = createRecordingProvider({
      async before() {
        // Before each image: which objects does the library show as generating?
        const page = await json<{ objects: { name: string; generating: boolean }[] }>(
          await server.call(`/api/objects?styleId=${styleId}`, { cookie: ann.cookie }),
        );
        seen.push(Object.fromEntries(page.objects.map((o) => [o.name, o.generating])));
      },
    });
    await runJob(server, set.job.id, watching);
    // Cup's two images come first; while Saucer's are made, only Saucer is still generating.
    expect(seen).toEqual([
      { Cup: true, Saucer: true },
      { Cup: true, Saucer: true },
      { Cup: false, Saucer: true },
      { Cup: false, Saucer: true },
    ]);
    const after = await json<{ objects: { generating: boolean }[] }>(
      await server.call(`/api/objects?styleId=${styleId}`, { cookie: ann.cookie }),
    );
    expect(after.objects.map((o) => o.generating)).toEqual([false, false]);
  });

  it("gives each job a queue expiry that follows its image count", async () => {
    const generation = server.config.generation;
    expect(generation).toMatchObject({ timeoutMs: 120_000, maxAttempts: 3 });
    // Per image: three attempts of 120 s, and pauses of at most 1.25 s and 2.25 s between them.
    const expiry = (images: number) => Math.ceil(363.5 * images) + 60;
    expect(jobExpirySeconds(generation, 50)).toBe(expiry(50));
    expect(jobExpirySeconds(generation, 4)).toBe(expiry(4));
    expect(expiry(4)).toBe(1514);
    expect(jobExpirySeconds({ timeoutMs: 3_000, maxAttempts: 1 }, 2)).toBe(66);

    const { styleId, sampleJobId } = await createStyleThroughApi(server, ann.cookie);
    expect(enqueued.filter((e) => e.jobId === sampleJobId)).toEqual([
      { jobId: sampleJobId, expireInSeconds: expiry(4) },
    ]);
    const subjects = Array.from({ length: 50 }, (_, i) => `Gem ${i + 1}`);
    const set = await submitObjects(server, ann.cookie, { styleId, subjects });
    expect(set.objects).toHaveLength(50);
    expect(set.job).toMatchObject({ total: 50, credits: 150 });
    expect(enqueued.filter((e) => e.jobId === set.job.id)).toEqual([
      { jobId: set.job.id, expireInSeconds: expiry(50) },
    ]);
  });

  it("answers an Idempotency-Key replayed 5× at once with one set, charged once", async () => {
    const styleId = await insertStyle(database.db, { ownerId: ann.userId });
    const before = await balanceOf(database.db, ann.userId);
    const body = { styleId, subjects: ["Lantern", "Compass"], size: "square", detail: "draft", transparent: true };
    const post = (json: unknown) =>
      server.call("/api/objects", {
        method: "POST",
        cookie: ann.cookie,
        json,
        headers: { "Idempotency-Key": "objects-replay-0001" },
      });
    const responses = await Promise.all(Array.from({ length: 5 }, () => post(body)));
    expect(responses.map((r) => r.status)).toEqual([202, 202, 202, 202, 202]);
    const bodies = await Promise.all(responses.map((r) => json<{ job: JobView; objects: { id: string }[] }>(r)));
    const jobId = bodies[0]!.job.id;
    expect(new Set(bodies.map((b) => b.job.id))).toEqual(new Set([jobId]));
    const objectIds = (b: (typeof bodies)[number]) => b.objects.map((o) => o.id).sort();
    for (const b of bodies) expect(objectIds(b)).toEqual(objectIds(bodies[0]!));

    const rows = await database.db.select().from(objects).where(eq(objects.setId, jobId));
    expect(rows.map((r) => r.id).sort()).toEqual(objectIds(bodies[0]!));
    expect(rows.map((r) => r.name).sort()).toEqual(["Compass", "Lantern"]);
    const jobs = await database.db
      .select()
      .from(generationJobs)
      .where(and(eq(generationJobs.ownerId, ann.userId), eq(generationJobs.styleId, styleId)));
    expect(jobs.map((j) => j.id)).toEqual([jobId]);
    const reserves = await database.db.select().from(creditLedger).where(eq(creditLedger.ref, jobId));
    expect(reserves.map((r) => [r.reason, r.delta])).toEqual([["generation_reserve", -6]]);
    expect(await balanceOf(database.db, ann.userId)).toBe(before - 6);

    // The same key with another request is refused, and charges nothing.
    const other = await post({ ...body, subjects: ["Lantern", "Compass", "Anchor"] });
    expect(other.status).toBe(422);
    expect((await json<ErrorBody>(other)).error.code).toBe("idempotency_mismatch");
    expect(await balanceOf(database.db, ann.userId)).toBe(before - 6);
    expect(await database.db.select().from(objects).where(eq(objects.setId, jobId))).toHaveLength(2);
    expect(await ledgerSum(database.db, ann.userId)).toBe(before - 6);
  });

  it("refuses a short balance with the price and balance, and bad bodies with fields, creating nothing", async () => {
    const dave = await signInThroughApi(server, "dave@example.com");
    const styleId = await insertStyle(database.db, { ownerId: dave.userId });
    const post = (body: Record<string, unknown>) =>
      server.call("/api/objects", {
        method: "POST",
        cookie: dave.cookie,
        json: { styleId, subjects: ["Sword"], size: "square", detail: "draft", transparent: true, ...body },
      });

    const subjects = Array.from({ length: 10 }, (_, i) => `Shield ${i + 1}`);
    const short = await post({ subjects, detail: "high" });
    expect(short.status).toBe(402);
    const refused = await json<ErrorBody>(short);
    expect(refused.error.code).toBe("payment_required");
    expect(refused.error.details).toEqual({ price: 300, balance: 100 });

    const invalid: [Record<string, unknown>, string, string][] = [
      [
        { subjects: Array.from({ length: 51 }, (_, i) => `Coin ${i}`) },
        "subjects",
        "Name at most 50 objects at a time.",
      ],
      [{ variations: 5 }, "variations", "Choose 1 to 4 variations."],
      [{ styleId: undefined }, "styleId", "Choose a style."],
      [{ size: "huge" }, "size", "Choose square, portrait or landscape."],
    ];
    for (const [body, path, message] of invalid) {
      const response = await post(body);
      expect(response.status).toBe(400);
      const { error } = await json<ErrorBody>(response);
      expect(error.code).toBe("bad_request");
      expect(error.fields).toContainEqual({ path, message });
    }

    expect(await database.db.select().from(objects).where(eq(objects.ownerId, dave.userId))).toEqual([]);
    expect(await database.db.select().from(generationJobs).where(eq(generationJobs.ownerId, dave.userId))).toEqual([]);
    expect(await balanceOf(database.db, dave.userId)).toBe(100);
    expect(await ledgerSum(database.db, dave.userId)).toBe(100);
  });
});
