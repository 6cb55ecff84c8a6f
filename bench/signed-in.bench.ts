// Signed-in pages under load (issue: cheap signed-in pages): /app and /app/style served by
// the production build (`npm run build` first) to one signed-in person from 10 connections,
// on the embedded database or, with BENCH_DATABASE_URL, on PostgreSQL. Also reports how many
// database statements each page's request runs (the Server-Timing header SERVER_TIMING=on adds),
// the same pages' data as moving between pages inside the app asks for it (`/app.data`), and
// how many bytes each sends. Three accounts: an empty one, one with 1 style × 8 objects and one
// with 10 styles × 200 objects, made through the API and the preview engine (no network).
import autocannon from "autocannon";
import { fillAccount } from "./accounts";
import { signInThroughOutbox, startBuiltServer } from "./support";
import { report, type Target } from "./targets";

const TARGET_RPS = 500;
/** /app for an account with one style and eight objects (the content issue's target). */
const TARGET_RPS_WITH_CONTENT = 250;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const database = process.env.BENCH_DATABASE_URL ? "postgres" : "pglite";
const pages = ["/app", "/app/style"];

interface Account {
  /** Picks the account with BENCH_ACCOUNTS (a comma-separated list: empty, eight, two-hundred). */
  key: string;
  /** Added to each figure's name ("" for the empty account, whose names predate the others). */
  label: string;
  email: string;
  styles: number;
  objectsPerStyle: number;
}

const accounts: Account[] = [
  { key: "empty", label: "", email: "signed-in@bench.local", styles: 0, objectsPerStyle: 0 },
  { key: "eight", label: ", 1 style × 8 objects", email: "eight@bench.local", styles: 1, objectsPerStyle: 8 },
  {
    key: "two-hundred",
    label: ", 10 styles × 200 objects",
    email: "two-hundred@bench.local",
    styles: 10,
    objectsPerStyle: 20,
  },
].filter((account) => !process.env.BENCH_ACCOUNTS || process.env.BENCH_ACCOUNTS.split(",").includes(account.key));

const server = await startBuiltServer({ SERVER_TIMING: "on" });

try {
  const targets: Target[] = [];
  const sizes: Record<string, Record<string, { html: number; data: number }>> = {};
  for (const account of accounts) {
    const cookie = await signInThroughOutbox(server, account.email);
    await fillAccount(server.base, cookie, account);
    /** 10 connections on one address for `seconds`; every answer must be a 2xx. */
    /** With `rendered`, every request asks for a new address, so each page is rendered anew. */
    const load = async (address: string, seconds: number, rendered = false) => {
      let n = 0;
      const result = await autocannon({
        url: `${server.base}${address}`,
        connections: 10,
        duration: seconds,
        headers: { cookie },
        ...(rendered
          ? { requests: [{ setupRequest: (request) => ({ ...request, path: `${address}?view=${n++}` }) }] }
          : {}),
      });
      if (result.non2xx || result.errors) {
        throw new Error(`${address}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      }
      return result;
    };
    const name = account.label ? account.label.slice(2) : "empty account";
    sizes[name] = {};
    for (const page of pages) {
      const probe = await fetch(`${server.base}${page}`, { headers: { cookie } });
      const html = (await probe.arrayBuffer()).byteLength;
      if (probe.status !== 200) throw new Error(`${page} answered ${probe.status}, not 200`);
      const statements = Number(
        /db;desc="(\d+) statements?"/.exec(probe.headers.get("server-timing") ?? "")?.[1] ?? NaN,
      );
      const dataProbe = await fetch(`${server.base}${page}.data`, { headers: { cookie } });
      const data = (await dataProbe.arrayBuffer()).byteLength;
      sizes[name][page] = { html, data };
      // A warm-up, so the first run's compilation and caches do not count.
      await load(page, 2);
      const run = await load(page, SECONDS);
      const navigation = await load(`${page}.data`, SECONDS);
      // Repeats of an unchanged page are sent as rendered before (docs/decisions/065); this
      // is what a page rendered for each request costs (its data still kept).
      const renderedEach = await load(page, SECONDS, true);
      const withContent = account.objectsPerStyle === 8 && page === "/app";
      targets.push(
        {
          name: `${page} req/s, rendered for each request${account.label} (${database})`,
          measured: Math.round(renderedEach.requests.average),
          unit: "req/s",
          target: null,
          better: "higher",
        },
        {
          name: `${page} req/s, signed in${account.label} (${database})`,
          measured: Math.round(run.requests.average),
          unit: "req/s",
          target: account.label === "" ? TARGET_RPS : withContent ? TARGET_RPS_WITH_CONTENT : null,
          better: "higher",
        },
        {
          name: `${page} p99 latency${account.label} (${database})`,
          measured: run.latency.p99,
          unit: "ms",
          target: null,
          better: "lower",
        },
        {
          name: `${page}.data req/s, moving there inside the app${account.label} (${database})`,
          measured: Math.round(navigation.requests.average),
          unit: "req/s",
          target: null,
          better: "higher",
        },
        {
          name: `${page} database statements per request${account.label}`,
          measured: statements,
          unit: "",
          target: null,
          better: "lower",
        },
        { name: `${page} HTML bytes${account.label}`, measured: html, unit: "B", target: null, better: "lower" },
        { name: `${page}.data bytes${account.label}`, measured: data, unit: "B", target: null, better: "lower" },
      );
    }
  }
  report(`bench/results/signed-in-${database}.json`, targets, { connections: 10, seconds: SECONDS, sizes });
} finally {
  await server.stop();
}
