// Generation benchmarks: `npm run bench`. Results go to bench/results/generation.json.
//  1. Overhead per job against the OpenAI provider on the local fake with fixed latency,
//     at 50 concurrent jobs (target: ≤ 2 % of the provider's own latency).
//  2. Jobs per minute through one worker (the pg-boss queue) at zero provider latency.
//  3. The offline engine's time for one 1024×1024 image (target: < 300 ms).
import { eq, inArray } from "drizzle-orm";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../server/db/client.server";
import { generationJobs } from "../server/db/schema";
import { runGenerationJob } from "../server/generation/run-job.server";
import { providerRegistry } from "../server/generation/providers/registry.server";
import { insertStyleWithSamples } from "../server/styles/style-samples.server";
import { createOfflineProvider } from "../server/generation/providers/offline.server";
import { createOpenAIProvider } from "../server/generation/providers/openai.server";
import { startGenerationQueue } from "../server/generation/queue.server";
import { startJobSystem } from "../server/jobs/job-system.server";
import { createDiskStorage } from "../server/storage/storage.server";
import { startFakeOpenAI } from "../tests/fakes/openai-images";
import { benchStyle, makeBenchUser, percentile, runHeader } from "./support";
import { personalActor } from "../tests/support/factories";

// A fast real image generation takes several seconds; 8 s is the low end for gpt-image at medium quality.
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 8000);
const CONCURRENT_JOBS = Number(process.env.BENCH_JOBS ?? 50);
const THROUGHPUT_JOBS = Number(process.env.BENCH_THROUGHPUT_JOBS ?? 60);
const IMAGES_PER_JOB = 4;

const style = benchStyle;

async function overheadBench(fakeUrl: string) {
  const handle = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
  const files = mkdtempSync(path.join(os.tmpdir(), "motif-bench-"));
  try {
    await makeBenchUser(handle, "bench-overhead");
    const provider = createOpenAIProvider({
      apiKey: "sk-bench",
      baseUrl: `${fakeUrl}/v1`,
      model: "gpt-image-1.5",
      timeoutMs: 60_000,
    });
    const jobs = [];
    for (let i = 0; i < CONCURRENT_JOBS; i++) {
      jobs.push(
        (
          await handle.db.transaction((tx) =>
            insertStyleWithSamples(tx, { actor: personalActor("bench-overhead"), style, provider }),
          )
        ).job.id,
      );
    }
    const context = {
      db: handle.db,
      storage: createDiskStorage(files),
      providers: providerRegistry([provider]),
      maxAttempts: 1,
    };
    const durations = await Promise.all(
      jobs.map(async (id) => {
        const started = performance.now();
        const job = await runGenerationJob(context, id);
        if (job?.status !== "succeeded") throw new Error(`job ${id} ended ${job?.status}: ${job?.error}`);
        return performance.now() - started;
      }),
    );
    const ideal = LATENCY_MS * IMAGES_PER_JOB;
    const overheads = durations.map((d) => (d - ideal) / ideal);
    return {
      latencyMs: LATENCY_MS,
      concurrentJobs: CONCURRENT_JOBS,
      imagesPerJob: IMAGES_PER_JOB,
      idealJobMs: ideal,
      medianJobMs: Math.round(percentile(durations, 50)),
      p95JobMs: Math.round(percentile(durations, 95)),
      medianOverheadPercent: Number((percentile(overheads, 50) * 100).toFixed(2)),
      p95OverheadPercent: Number((percentile(overheads, 95) * 100).toFixed(2)),
      targetPercent: 2,
    };
  } finally {
    await handle.close();
    rmSync(files, { recursive: true, force: true });
  }
}

async function throughputBench(fakeUrl: string) {
  const handle = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
  const files = mkdtempSync(path.join(os.tmpdir(), "motif-bench-"));
  const jobs = await startJobSystem({ database: handle, superviseSeconds: 30 });
  const queue = await startGenerationQueue(jobs, { heartbeatSeconds: 30 });
  try {
    await makeBenchUser(handle, "bench-throughput");
    const provider = createOpenAIProvider({
      apiKey: "sk-bench",
      baseUrl: `${fakeUrl}/v1`,
      model: "gpt-image-1.5",
      timeoutMs: 60_000,
    });
    const ids: string[] = [];
    for (let i = 0; i < THROUGHPUT_JOBS; i++) {
      ids.push(
        (
          await handle.db.transaction((tx) =>
            insertStyleWithSamples(tx, { actor: personalActor("bench-throughput"), style, provider }),
          )
        ).job.id,
      );
    }
    const concurrency = 4;
    const started = performance.now();
    await queue.work(
      (jobId, signal) =>
        runGenerationJob(
          {
            db: handle.db,
            storage: createDiskStorage(files),
            providers: providerRegistry([provider]),
            maxAttempts: 1,
            signal,
          },
          jobId,
        ).then(() => {}),
      // One user's jobs only: the engine's throughput, so that user may hold every slot.
      { concurrency, perUserConcurrency: concurrency },
    );
    for (const id of ids) await queue.enqueue(id, { expireInSeconds: 300, ownerId: "bench-throughput" });
    for (;;) {
      const rows = await handle.db
        .select({ status: generationJobs.status })
        .from(generationJobs)
        .where(inArray(generationJobs.id, ids));
      if (rows.every((r) => r.status === "succeeded" || r.status === "failed")) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const failed = await handle.db.select().from(generationJobs).where(eq(generationJobs.status, "failed"));
    return {
      jobs: THROUGHPUT_JOBS,
      imagesPerJob: IMAGES_PER_JOB,
      workerConcurrency: concurrency,
      seconds: Number(seconds.toFixed(2)),
      jobsPerMinute: Math.round((THROUGHPUT_JOBS / seconds) * 60),
      failed: failed.length,
    };
  } finally {
    await jobs.stop();
    await handle.close();
    rmSync(files, { recursive: true, force: true });
  }
}

async function offlineBench() {
  const provider = createOfflineProvider();
  const times = [];
  for (let i = 0; i < 12; i++) {
    const started = performance.now();
    await provider.generate({
      ...style,
      prompt: `bench ${i}`,
      size: "square",
      detail: "high",
      transparent: true,
      references: [],
      seed: i,
      n: 1,
      palette: style.palette,
    });
    times.push(performance.now() - started);
  }
  return {
    size: "1024x1024",
    detail: "high",
    medianMs: Math.round(percentile(times, 50)),
    p95Ms: Math.round(percentile(times, 95)),
    targetMs: 300,
  };
}

const fake = await startFakeOpenAI();
try {
  fake.control.latencyMs = LATENCY_MS;
  const overhead = await overheadBench(fake.url);
  console.log("overhead", overhead);
  fake.control.latencyMs = 0;
  const throughput = await throughputBench(fake.url);
  console.log("throughput", throughput);
  const offline = await offlineBench();
  console.log("offline", offline);
  const results = {
    ...runHeader(),
    overhead,
    throughput,
    offline,
  };
  const name = `generation-${results.database}.json`;
  writeFileSync(path.join("bench", "results", name), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`wrote bench/results/${name}`);
} finally {
  await fake.close();
}
