// Object-set benchmark: `npx tsx bench/objects.bench.ts` (or `npm run bench`).
// Results go to bench/results/objects-<database>.json.
//  1. A 50-object set (50 subjects × 1 variation, one job) made through the real OpenAI
//     client against the local fake Images API at a fixed latency (BENCH_LATENCY_MS,
//     default 2000 ms), run with runGenerationJob. A set's images are made one after the
//     other, so the ideal job time is 50 × latency; the engine's overhead per image is
//     (job time − ideal) / 50, target ≤ 2 % of the latency.
//  2. The same with 10 objects × 4 variations (40 images).
//  3. Where each image's overhead goes, from the job's own timeline (provider calls and
//     file writes are timed by wrapping the provider and the storage the job is given),
//     and each bookkeeping step timed alone on the same database.
// The style is set up through the real use cases: insertStyleWithSamples, its sample job
// run first (at latency 0, not measured) so every object request is an edit carrying the
// style's 4 samples plus the set's first image (reference chaining), as in real use; then
// generateObjects.
import { eq } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { generateObjectsSchema } from "../domain/objects";
import { parseConfig } from "../server/configuration.server";
import { openDatabase, type DatabaseHandle } from "../server/db/client.server";
import { generationJobs } from "../server/db/schema";
import type { GenerationJob } from "../server/generation/job-record.server";
import { createOpenAIProvider } from "../server/generation/providers/openai.server";
import type { GeneratedImage, ImageProvider } from "../server/generation/providers/provider";
import { providerRegistry } from "../server/generation/providers/registry.server";
import { publishProgress } from "../server/generation/publish.server";
import { runGenerationJob } from "../server/generation/run-job.server";
import { hasRealAlpha, storeImage } from "../server/generation/store-image.server";
import { generateObjects, type ObjectDeps } from "../server/objects/generate-objects.server";
import { createDiskStorage, type FileStorage } from "../server/storage/storage.server";
import { insertStyleWithSamples } from "../server/styles/style-samples.server";
import { startFakeOpenAI } from "../tests/fakes/openai-images";
import { benchStyle, makeBenchUser, percentile, runHeader } from "./support";
import { personalActor } from "../tests/support/factories";

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 2000);
const TARGET_PERCENT = 2;
/** Repetitions of each step timed alone. */
const STEP_RUNS = 30;

const style = benchStyle;

type Span = { start: number; end: number };

const round = (n: number, digits = 1) => Number(n.toFixed(digits));
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function summary(values: number[]) {
  return {
    medianMs: round(percentile(values, 50), 2),
    p95Ms: round(percentile(values, 95), 2),
    meanMs: round(sum(values) / Math.max(1, values.length), 2),
  };
}

/** The real OpenAI client, with each call's start and end noted (and its last image kept). */
function timedProvider(inner: ImageProvider) {
  const calls: Span[] = [];
  let lastImage: GeneratedImage | undefined;
  const provider: ImageProvider = {
    ...inner,
    async generate(request) {
      const start = performance.now();
      try {
        const result = await inner.generate(request);
        lastImage = result.images[0];
        return result;
      } finally {
        calls.push({ start, end: performance.now() });
      }
    },
  };
  return { provider, calls, lastImage: () => lastImage, reset: () => void (calls.length = 0) };
}

/** A card's smaller copy of an image (derivativeKey), written after the image, off the job's path. */
const CARD_VARIANT = /\.w\d+-q\d+\.webp$/;

/** Disk storage with each image write's start and end noted (cards' smaller copies are not the job's). */
function timedStorage(inner: FileStorage) {
  const puts: Span[] = [];
  const storage: FileStorage = {
    ...inner,
    async put(key, body, contentType) {
      const start = performance.now();
      try {
        await inner.put(key, body, contentType);
      } finally {
        if (!CARD_VARIANT.test(key)) puts.push({ start, end: performance.now() });
      }
    },
  };
  return { storage, puts, reset: () => void (puts.length = 0) };
}

function expectSucceeded(job: GenerationJob | null, id: string): GenerationJob {
  if (job?.status !== "succeeded") throw new Error(`job ${id} ended ${job?.status}: ${job?.error}`);
  return job;
}

interface Setup {
  handle: DatabaseHandle;
  deps: ObjectDeps;
  provider: ReturnType<typeof timedProvider>;
  storage: ReturnType<typeof timedStorage>;
  userId: string;
  styleId: string;
}

/** A user and a style with its 4 samples made (at latency 0, before the measurement). */
async function setUp(
  handle: DatabaseHandle,
  fake: Awaited<ReturnType<typeof startFakeOpenAI>>,
  options: { userId: string; files: string },
): Promise<Setup> {
  const { userId } = options;
  const provider = timedProvider(
    createOpenAIProvider({ apiKey: "sk-bench", baseUrl: `${fake.url}/v1`, model: "gpt-image-1.5", timeoutMs: 60_000 }),
  );
  const storage = timedStorage(createDiskStorage(options.files));
  const deps: ObjectDeps = {
    database: handle,
    storage: storage.storage,
    queue: undefined,
    providers: providerRegistry([provider.provider]),
    config: parseConfig({ LOG_LEVEL: "silent" }),
  };
  await makeBenchUser(handle, userId);
  const created = await handle.db.transaction((tx) =>
    insertStyleWithSamples(tx, {
      actor: personalActor(userId),
      style,
      provider: provider.provider,
    }),
  );
  fake.control.latencyMs = 0;
  expectSucceeded(
    await runGenerationJob(
      { db: handle.db, storage: storage.storage, providers: deps.providers, maxAttempts: 1 },
      created.job.id,
    ),
    created.job.id,
  );
  return { handle, deps, provider, storage, userId, styleId: created.style.id };
}

function submitSet(setup: Setup, objectCount: number, variations: number, label: string) {
  return generateObjects(setup.deps, {
    actor: personalActor(setup.userId),
    input: generateObjectsSchema.parse({
      styleId: setup.styleId,
      subjects: Array.from({ length: objectCount }, (_, i) => `${label} object ${i + 1}`),
      size: "square",
      detail: "draft",
      transparent: true,
      variations,
    }),
  });
}

/** Runs one set at the fixed latency and splits its time along the job's own timeline. */
async function setBench(
  fake: Awaited<ReturnType<typeof startFakeOpenAI>>,
  options: { objects: number; variations: number },
) {
  const handle = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
  const files = mkdtempSync(path.join(os.tmpdir(), "motif-bench-objects-"));
  const label = `${options.objects}x${options.variations}`;
  try {
    const setup = await setUp(handle, fake, { userId: `bench-objects-${label}-${Date.now()}`, files });
    const { job } = await submitSet(setup, options.objects, options.variations, label);
    const images = options.objects * options.variations;
    setup.provider.reset();
    setup.storage.reset();
    fake.control.latencyMs = LATENCY_MS;
    const started = performance.now();
    expectSucceeded(
      await runGenerationJob(
        { db: handle.db, storage: setup.storage.storage, providers: setup.deps.providers, maxAttempts: 1 },
        job.id,
      ),
      job.id,
    );
    const ended = performance.now();
    const calls = setup.provider.calls;
    const puts = setup.storage.puts;
    if (calls.length !== images || puts.length !== images)
      throw new Error(`expected ${images} calls and writes, saw ${calls.length} and ${puts.length}`);

    const jobMs = ended - started;
    const idealMs = images * LATENCY_MS;
    const overheadMs = jobMs - idealMs;
    // Per image, along the timeline: the provider call beyond its latency (HTTP client,
    // multipart upload of the references, the fake's own work in this process, base64
    // decode), then
    // [call end → write start] the alpha check and metadata (sharp), [write] the file,
    // [write end → next call] the store statement, the progress event and the loop.
    const callExtra = calls.map((c) => c.end - c.start - LATENCY_MS);
    const beforeWrite = calls.map((c, i) => puts[i]!.start - c.end);
    const write = puts.map((p) => p.end - p.start);
    const afterWrite = puts.slice(0, -1).map((p, i) => calls[i + 1]!.start - p.end);
    const startupMs = calls[0]!.start - started;
    const tailMs = ended - puts.at(-1)!.end;
    return {
      objects: options.objects,
      variations: options.variations,
      images,
      latencyMs: LATENCY_MS,
      idealMs,
      jobMs: Math.round(jobMs),
      overheadMs: Math.round(overheadMs),
      overheadPerImageMs: round(overheadMs / images),
      overheadPercent: round((overheadMs / idealMs) * 100, 2),
      targetPercent: TARGET_PERCENT,
      meetsTarget: (overheadMs / idealMs) * 100 <= TARGET_PERCENT,
      timeline: {
        startupMs: round(startupMs),
        providerCallBeyondLatency: { totalMs: Math.round(sum(callExtra)), ...summary(callExtra) },
        alphaCheckAndMetadata: { totalMs: Math.round(sum(beforeWrite)), ...summary(beforeWrite) },
        fileWrite: { totalMs: Math.round(sum(write)), ...summary(write) },
        storeStatementProgressAndLoop: { totalMs: Math.round(sum(afterWrite)), ...summary(afterWrite) },
        lastStoreAndFinishMs: round(tailMs),
      },
      lastImage: setup.provider.lastImage(),
      setup,
      files,
    };
  } catch (error) {
    await handle.close();
    rmSync(files, { recursive: true, force: true });
    throw error;
  }
}

async function timeRuns(runs: number, step: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await step(i);
    times.push(performance.now() - started);
  }
  return summary(times);
}

/** A 1024² transparent PNG with photo-like detail, about the size a real response has (≈2 MB). */
async function realisticImage(): Promise<Buffer> {
  const size = 1024;
  const noise = randomBytes(size * size * 3);
  const pixels = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const p = y * size + x;
      const inside = (x - 512) ** 2 + (y - 512) ** 2 < 400 ** 2;
      pixels[p * 4] = 120 + (noise[p * 3]! & 0x0f);
      pixels[p * 4 + 1] = 80 + (noise[p * 3 + 1]! & 0x0f);
      pixels[p * 4 + 2] = 40 + (noise[p * 3 + 2]! & 0x0f);
      pixels[p * 4 + 3] = inside ? 255 : 0;
    }
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 4 } })
    .png()
    .toBuffer();
}

/** Each per-image bookkeeping step alone, on the database and storage of a measured set. */
async function stepBench(setup: Setup, image: GeneratedImage) {
  const { db } = setup.handle;
  const realistic = await realisticImage();
  const { job } = await submitSet(setup, STEP_RUNS, 1, "steps");
  const [running] = await db
    .update(generationJobs)
    .set({ status: "running", startedAt: new Date(), attempts: 1 })
    .where(eq(generationJobs.id, job.id))
    .returning();
  const params = (running!.params as { objects: { id: string; name: string }[] }).objects;
  setup.storage.reset();
  const stores: Span[] = [];
  for (let i = 0; i < STEP_RUNS; i++) {
    const started = performance.now();
    const outcome = await storeImage({ db, storage: setup.storage.storage }, running!, {
      folder: `bench-steps/${params[i]!.id}`,
      image,
      record: {
        position: i,
        role: "object",
        subject: params[i]!.name,
        objectId: params[i]!.id,
        prompt: "bench",
        seed: i,
        size: "square",
        detail: "draft",
        transparent: true,
        credits: 1,
        durationMs: 0,
      },
    });
    if (outcome.kind !== "stored") throw new Error(`store ended ${outcome.kind}`);
    stores.push({ start: started, end: performance.now() });
  }
  const puts = setup.storage.puts;
  const opaque = await sharp(realistic).flatten().ensureAlpha().png().toBuffer();
  if (!(await hasRealAlpha(realistic)) || (await hasRealAlpha(opaque))) {
    throw new Error("the alpha check gives a wrong answer");
  }
  return {
    imageBytes: image.data.length,
    hasRealAlpha: await timeRuns(STEP_RUNS, () => hasRealAlpha(image.data)),
    sharpMetadata: await timeRuns(STEP_RUNS, () => sharp(image.data).metadata()),
    // storeImage split by its file write: sharp metadata before, the SQL statement after.
    storeImage: summary(stores.map((s) => s.end - s.start)),
    storeMetadata: summary(stores.map((s, i) => puts[i]!.start - s.start)),
    fileWrite: summary(puts.map((p) => p.end - p.start)),
    storeStatement: summary(stores.map((s, i) => s.end - puts[i]!.end)),
    publishProgress: await timeRuns(STEP_RUNS, (i) =>
      publishProgress(db, setup.userId, {
        jobId: job.id,
        kind: "object-images",
        styleId: setup.styleId,
        objectId: params[i]!.id,
        imageId: null,
        completed: i + 1,
        total: STEP_RUNS,
      }),
    ),
    realisticImage: {
      imageBytes: realistic.length,
      hasRealAlpha: await timeRuns(STEP_RUNS, () => hasRealAlpha(realistic)),
      sharpMetadata: await timeRuns(STEP_RUNS, () => sharp(realistic).metadata()),
    },
  };
}

const loadAtStart = os.loadavg()[0];
const fake = await startFakeOpenAI();
try {
  const variants = [];
  let steps;
  for (const shape of [
    { objects: 50, variations: 1 },
    { objects: 10, variations: 4 },
  ]) {
    const result = await setBench(fake, shape);
    const { lastImage, setup, files, ...numbers } = result;
    try {
      console.log(`set ${shape.objects}×${shape.variations}`, numbers);
      variants.push(numbers);
      if (!steps && lastImage) {
        fake.control.latencyMs = 0;
        steps = await stepBench(setup, lastImage);
        console.log("steps alone", steps);
      }
    } finally {
      await setup.handle.close();
      rmSync(files, { recursive: true, force: true });
    }
  }
  const header = runHeader();
  const results = {
    ...header,
    machine: {
      ...header.machine,
      // libvips threads per image operation (sharp uses 1 on glibc without jemalloc).
      sharpConcurrency: sharp.concurrency(),
      // One-minute load average at start and end: other work on the machine inflates the overhead.
      loadAverage: [round(loadAtStart!, 2), round(os.loadavg()[0]!, 2)],
    },
    latencyMs: LATENCY_MS,
    targetPercent: TARGET_PERCENT,
    setup: "style samples made first; each object request is an edit with the 4 samples and the set's first image",
    sets: variants,
    steps,
  };
  const name = `objects-${results.database}.json`;
  writeFileSync(path.join("bench", "results", name), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`wrote bench/results/${name}`);
} finally {
  await fake.close();
}
