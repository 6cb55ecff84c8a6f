// Signed-in pages under load (issue: cheap signed-in pages): /app and /app/style served by
// the production build (`npm run build` first) to one signed-in person from 10 connections,
// on the embedded database or, with BENCH_DATABASE_URL, on PostgreSQL. Also reports how many
// database statements each page's request runs (the Server-Timing header SERVER_TIMING=on adds),
// and the same pages' data as moving between pages inside the app asks for it (`/app.data`).
import autocannon from "autocannon";
import { signInThroughOutbox, startBuiltServer } from "./support";
import { report, type Target } from "./targets";

const TARGET_RPS = 500;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const database = process.env.BENCH_DATABASE_URL ? "postgres" : "pglite";
const pages = ["/app", "/app/style"];

const server = await startBuiltServer({ SERVER_TIMING: "on" });
try {
  const cookie = await signInThroughOutbox(server, "signed-in@bench.local");
  /** 10 connections on one address for `seconds`; every answer must be a 2xx. */
  const load = async (address: string, seconds: number) => {
    const result = await autocannon({
      url: `${server.base}${address}`,
      connections: 10,
      duration: seconds,
      headers: { cookie },
    });
    if (result.non2xx || result.errors) {
      throw new Error(`${address}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    }
    return result;
  };
  const targets: Target[] = [];
  for (const page of pages) {
    const probe = await fetch(`${server.base}${page}`, { headers: { cookie } });
    await probe.arrayBuffer();
    if (probe.status !== 200) throw new Error(`${page} answered ${probe.status}, not 200`);
    const statements = Number(/db;desc="(\d+) statements?"/.exec(probe.headers.get("server-timing") ?? "")?.[1] ?? NaN);
    // A warm-up, so the first run's compilation and caches do not count.
    await load(page, 2);
    const run = await load(page, SECONDS);
    const navigation = await load(`${page}.data`, SECONDS);
    targets.push(
      {
        name: `${page} req/s, signed in (${database})`,
        measured: Math.round(run.requests.average),
        unit: "req/s",
        target: TARGET_RPS,
        better: "higher",
      },
      {
        name: `${page} p99 latency (${database})`,
        measured: run.latency.p99,
        unit: "ms",
        target: null,
        better: "lower",
      },
      {
        name: `${page}.data req/s, moving there inside the app (${database})`,
        measured: Math.round(navigation.requests.average),
        unit: "req/s",
        target: null,
        better: "higher",
      },
      {
        name: `${page} database statements per request`,
        measured: statements,
        unit: "",
        target: null,
        better: "lower",
      },
    );
  }
  report(`bench/results/signed-in-${database}.json`, targets, { connections: 10, seconds: SECONDS });
} finally {
  await server.stop();
}
