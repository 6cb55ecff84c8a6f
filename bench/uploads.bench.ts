// Upload memory benchmark: `npm run bench`. Results go to bench/results/uploads-<database>.json.
// Many parallel uploads to POST /api/styles, through the real HTTP API, while the process's
// resident memory (RSS) is sampled every 10 ms. The server and the clients share this process,
// so the clients write one shared 10 MB buffer and wait for the socket to drain between slices:
// what RSS gains is the server's. Target: rejected uploads (no credits, or not images) grow RSS
// by less than 64 MB at peak, and it comes back down; a burst of real images stays bounded by
// the two decodes allowed at once.
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { openDatabase } from "../server/db/client.server";
import { grantCredits } from "../tests/support/factories";
import { PUBLIC_URL, signInThroughApi, startApiServer, type ApiTestServer } from "../tests/support/test-server";
import { runHeader } from "./support";

const PARALLEL = 24;
const MB = 1024 * 1024;
const REJECTED_TARGET_MB = 64;
const BOUNDARY = "----motif-bench";
const filler = Buffer.alloc(10 * MB, 0x5a);

/** One multipart upload, written slice by slice as the socket drains; resolves with the status (0: cut off). */
async function upload(
  server: ApiTestServer,
  cookie: string,
  options: { files: Buffer[]; fields: Record<string, string> },
): Promise<number> {
  const head = Object.entries(options.fields)
    .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join("");
  const partHead = (i: number) =>
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="references"; filename="f${i}.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const length =
    Buffer.byteLength(head) +
    options.files.reduce((sum, f, i) => sum + partHead(i).length + f.length + (i ? 2 : 0), 0) +
    tail.length;
  const request = http.request(`${server.url}/api/styles`, {
    method: "POST",
    headers: {
      Origin: PUBLIC_URL,
      Cookie: cookie,
      "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
      "Content-Length": String(length),
    },
  });
  let done = false;
  const answered = new Promise<number>((resolve) => {
    request.on("response", (response) => {
      done = true;
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", () => {
      done = true;
      resolve(0);
    });
  });
  const write = async (chunk: Buffer) => {
    for (let at = 0; at < chunk.length && !done; at += 64 * 1024) {
      if (!request.write(chunk.subarray(at, at + 64 * 1024)))
        await Promise.race([once(request, "drain"), answered.then(() => undefined)]);
    }
  };
  await write(Buffer.from(head));
  for (const [i, file] of options.files.entries()) {
    if (i) await write(Buffer.from("\r\n"));
    await write(partHead(i));
    await write(file);
  }
  if (!done) request.end(tail);
  return answered;
}

async function measure<T>(work: () => Promise<T>) {
  global.gc?.();
  await new Promise((r) => setTimeout(r, 200));
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  clearInterval(timer);
  global.gc?.();
  await new Promise((r) => setTimeout(r, 500));
  const after = process.memoryUsage.rss();
  const mb = (n: number) => Math.round((n / MB) * 10) / 10;
  return {
    result,
    ms: Math.round(ms),
    rssBaselineMB: mb(baseline),
    rssPeakMB: mb(peak),
    rssAfterMB: mb(after),
    peakGrowthMB: mb(peak - baseline),
  };
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<string, number>>((t, s) => ({ ...t, [s || "cut off"]: (t[s || "cut off"] ?? 0) + 1 }), {});

async function main() {
  const temporary = mkdtempSync(path.join(os.tmpdir(), "motif-bench-uploads-"));
  process.env.TMPDIR = temporary;
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
  const server = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "10000", MAX_UPLOAD_MB: "10" });
  try {
    const broke = await signInThroughApi(server, "broke@bench.local");
    await grantCredits(database.db, broke.userId, -100);
    const funded = await signInThroughApi(server, "funded@bench.local");
    await grantCredits(database.db, funded.userId, 1_000_000);
    const fields = { name: "Bench", description: "Flat icons", defaultDetail: "draft" };
    // Warm up every path once (and let start-up garbage go), so the baseline is the steady state.
    await upload(server, broke.cookie, { files: [filler], fields });
    await upload(server, funded.cookie, { files: [filler.subarray(0, MB)], fields });
    await new Promise((r) => setTimeout(r, 2000));

    const noCredits = await measure(async () =>
      tally(
        await Promise.all(
          Array.from({ length: PARALLEL }, () =>
            upload(server, broke.cookie, { files: Array(5).fill(filler), fields }),
          ),
        ),
      ),
    );
    console.log("0 credits, 24 × 5 × 10 MB:", noCredits);

    const fourMb = filler.subarray(0, 4 * MB);
    const notImages = await measure(async () =>
      tally(
        await Promise.all(
          Array.from({ length: PARALLEL }, () => upload(server, funded.cookie, { files: [fourMb, fourMb], fields })),
        ),
      ),
    );
    console.log("funded, 24 × 2 × 4 MB that are not images:", notImages);

    const photo = await sharp({
      create: {
        width: 2400,
        height: 2400,
        channels: 3,
        background: "#888",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    const realImages = await measure(async () =>
      tally(
        await Promise.all(Array.from({ length: 12 }, () => upload(server, funded.cookie, { files: [photo], fields }))),
      ),
    );
    console.log(`funded, 12 × one ${Math.round(photo.length / 1024)} KB 2400² JPEG:`, realImages);

    const results = {
      ...runHeader(),
      target: `rejected uploads: peak RSS growth < ${REJECTED_TARGET_MB} MB`,
      noCredits: { what: `${PARALLEL} parallel uploads of 5 × 10 MB from a 0-credit account`, ...noCredits },
      notImages: { what: `${PARALLEL} parallel uploads of 2 × 4 MB that are not images`, ...notImages },
      realImages: { what: `12 parallel uploads of one 2400 × 2400 JPEG (${photo.length} bytes)`, ...realImages },
      withinTarget: noCredits.peakGrowthMB < REJECTED_TARGET_MB && notImages.peakGrowthMB < REJECTED_TARGET_MB,
    };
    writeFileSync(
      path.join("bench", "results", `uploads-${results.database}.json`),
      `${JSON.stringify(results, null, 2)}\n`,
    );
  } finally {
    await server.close();
    await database.close();
    rmSync(temporary, { recursive: true, force: true });
  }
}

await main();
