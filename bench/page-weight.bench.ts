// The signed-in pages' weight against the budgets of the issue "signed-in pages as light as the
// public ones": for an account with 1 style × 8 objects, each page's HTML bytes, the script files
// its first load fetches and their gzipped size, and /app rendered fresh for every request (a new
// `?view=N` each time, as when a person's data changes all through a generation), without
// compression and then compressed as a browser asks, fresh and sent again. Starts the production
// build (`npm run build` first). The previous run's figures print beside each.
import autocannon from "autocannon";
import { fillAccount, firstObjectId } from "./accounts";
import { weighScripts } from "./page-scripts";
import { signInThroughOutbox, startBuiltServer } from "./support";
import { report, type Target } from "./targets";

const HTML_BYTES = 40_000;
const SCRIPT_KB = 150;
const SCRIPT_FILES = 15;
const FRESH_RENDERS_PER_SECOND = 400;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** What Chromium and Firefox send. */
const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";

const server = await startBuiltServer();
try {
  const cookie = await signInThroughOutbox(server, "weight@bench.local");
  await fillAccount(server.base, cookie, { styles: 1, objectsPerStyle: 8 });
  const objectId = await firstObjectId(server.base, cookie);
  const pages = { "/app": "/app", "/app/style": "/app/style", "Object page": `/app/object/${objectId}` };
  const targets: Target[] = [];
  const details: Record<string, unknown> = {};
  for (const [name, path] of Object.entries(pages)) {
    const response = await fetch(`${server.base}${path}`, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}, not 200`);
    const html = await response.text();
    const scripts = await weighScripts(server.base, html);
    details[name] = { htmlBytes: Buffer.byteLength(html), ...scripts };
    targets.push(
      {
        name: `${name} HTML, 1 style × 8 objects`,
        measured: Buffer.byteLength(html),
        unit: "B",
        target: HTML_BYTES,
        better: "lower",
      },
      {
        name: `${name} first-load JS, gzipped`,
        measured: scripts.gzipKB,
        unit: "kB",
        target: SCRIPT_KB,
        better: "lower",
      },
      {
        name: `${name} first-load JS files`,
        measured: scripts.files,
        unit: "files",
        target: SCRIPT_FILES,
        better: "lower",
      },
    );
  }
  // Rendered fresh each time: every request asks for a new address, so no kept document answers.
  // Then as a browser asks (compression welcome): fresh, and the kept document sent again.
  const rates = async (accepted: string | null, fresh: boolean) => {
    let n = 0;
    const result = await autocannon({
      url: `${server.base}/app`,
      connections: 10,
      duration: SECONDS,
      headers: { cookie, ...(accepted ? { "accept-encoding": accepted } : {}) },
      requests: [{ setupRequest: (request) => (fresh ? { ...request, path: `/app?view=${n++}` } : request) }],
    });
    if (result.non2xx || result.errors)
      throw new Error(`/app: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    return Math.round(result.requests.average);
  };
  targets.push(
    {
      name: "/app req/s rendered fresh for each request, 1 style × 8 objects",
      measured: await rates(null, true),
      unit: "req/s",
      target: FRESH_RENDERS_PER_SECOND,
      better: "higher",
    },
    {
      name: "/app req/s rendered fresh, compressed as a browser asks",
      measured: await rates(BROWSER_ENCODINGS, true),
      unit: "req/s",
      target: null,
      better: "higher",
    },
    {
      name: "/app req/s sent again unchanged, compressed as a browser asks",
      measured: await rates(BROWSER_ENCODINGS, false),
      unit: "req/s",
      target: null,
      better: "higher",
    },
  );
  report("bench/results/page-weight.json", targets, { pages: details, seconds: SECONDS });
} finally {
  await server.stop();
}
