// The pages that are the same for everyone, under load (issue: fast on a phone): the
// production build (`npm run build` first) on a fresh embedded database, each page asked for
// by 10 connections (autocannon), without and with compression, as a first-time visitor.
import autocannon from "autocannon";
import { startBuiltServer } from "./support";
import { report, type Target } from "./targets";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The targets for the landing page: three times a prerendered Next.js page on this machine. */
const landing = { plain: 1_500, compressed: 1_400 };
const pages = ["/", "/auth/login", "/terms", "/privacy"];

const server = await startBuiltServer();
try {
  const targets: Target[] = [];
  for (const page of pages) {
    for (const compressed of [false, true]) {
      const headers: Record<string, string> = compressed ? { "accept-encoding": "gzip, br" } : {};
      const url = `${server.base}${page}`;
      await autocannon({ url, connections: 10, duration: 2, headers });
      const run = await autocannon({ url, connections: 10, duration: SECONDS, headers });
      if (run.non2xx || run.errors) throw new Error(`${page}: ${run.non2xx} non-2xx answers, ${run.errors} errors`);
      targets.push({
        name: `${page} req/s, ${compressed ? "gzip/br on" : "gzip off"}`,
        measured: Math.round(run.requests.average),
        unit: "req/s",
        target: page === "/" ? (compressed ? landing.compressed : landing.plain) : null,
        better: "higher",
      });
    }
  }
  report("bench/results/pages.json", targets, { connections: 10, seconds: SECONDS });
} finally {
  await server.stop();
}
