// Image copies under load (issue: an image path that skips the app): the grid copy of a
// style's sample (320 px WebP), asked for by 10 connections through its signed link (no
// session, no query) and, for comparison, through the owner's session. The production build
// (`npm run build` first) on a fresh embedded database, or BENCH_DATABASE_URL's PostgreSQL.
import autocannon from "autocannon";
import { signInThroughOutbox, startBuiltServer } from "./support";
import { report, type Target } from "./targets";

const TARGET_RPS = 5_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const database = process.env.BENCH_DATABASE_URL ? "postgres" : "pglite";

interface Anchor {
  url: string;
  signature: string;
}

/** Makes a style through the API and waits for its samples; resolves to its first sample. */
async function sampleImage(base: string, cookie: string): Promise<Anchor> {
  const form = new FormData();
  form.set("name", "Bench icons");
  form.set("description", "Flat vector icons, warm amber and teal");
  form.set("defaultDetail", "draft");
  form.set("defaultSize", "square");
  const made = await fetch(`${base}/api/styles`, { method: "POST", body: form, headers: { cookie, Origin: base } });
  if (made.status !== 201) throw new Error(`POST /api/styles answered ${made.status}: ${await made.text()}`);
  for (let tries = 0; tries < 600; tries++) {
    const { styles } = (await (await fetch(`${base}/api/styles`, { headers: { cookie } })).json()) as {
      styles: { anchors: Anchor[] }[];
    };
    const anchor = styles[0]?.anchors[0];
    if (anchor) return anchor;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("The style's samples were not made");
}

const server = await startBuiltServer({ SERVER_TIMING: "on" });
try {
  const cookie = await signInThroughOutbox(server, "images@bench.local");
  const anchor = await sampleImage(server.base, cookie);
  const copy = (signature?: string) =>
    `${server.base}/api/image?${new URLSearchParams({ url: anchor.url, w: "320", q: "80", ...(signature ? { s: signature } : {}) })}`;
  const runs = [
    { name: "signed link", url: copy(anchor.signature), headers: {} as Record<string, string>, target: TARGET_RPS },
    { name: "owner's session", url: copy(), headers: { cookie }, target: null },
  ];
  const targets: Target[] = [];
  for (const run of runs) {
    const probe = await fetch(run.url, { headers: run.headers });
    await probe.arrayBuffer();
    if (probe.status !== 200) throw new Error(`${run.name}: answered ${probe.status}, not 200`);
    // The second request is a repeat: the first may have read the image's record.
    const repeat = await fetch(run.url, { headers: run.headers });
    await repeat.arrayBuffer();
    const statements = Number(/db;desc="(\d+) statements?"/.exec(repeat.headers.get("server-timing") ?? "")?.[1]);
    await autocannon({ url: run.url, connections: 10, duration: 2, headers: run.headers });
    const result = await autocannon({ url: run.url, connections: 10, duration: SECONDS, headers: run.headers });
    if (result.non2xx || result.errors) {
      throw new Error(`${run.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    }
    targets.push(
      {
        name: `Grid copy req/s, ${run.name} (${database})`,
        measured: Math.round(result.requests.average),
        unit: "req/s",
        target: run.target,
        better: "higher",
      },
      {
        name: `Grid copy database statements per repeat, ${run.name}`,
        measured: statements,
        unit: "",
        target: run.target ? 0 : null,
        better: "lower",
      },
    );
  }
  report(`bench/results/image-links-${database}.json`, targets, { connections: 10, seconds: SECONDS });
} finally {
  await server.stop();
}
