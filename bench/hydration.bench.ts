// What the browser's first load of a signed-in page makes React do, counted rather than timed
// (a count is the same at any hour of this machine): how many times a component function runs
// from the first script to two seconds after `load`, and how many route-manifest requests React
// Router's lazy route discovery sends. Each manifest answer that adds routes re-renders the
// whole page, so the two counts move together. The production build (`npm run build` first) in
// Debian's Chromium, for an account with 1 style × 8 objects signed in by its session cookie.
// BENCH_BEFORE=<directory> (a built checkout, `bench/build-before.sh`) counts that build's pages
// in the same run, kept as `before`.
import { chromium, type Browser } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromiumLaunchOptions } from "../tests/e2e/support/chromium";
import { fillAccount, firstObjectId } from "./accounts";
import { serverAtRest, signInThroughOutbox, startBuiltServer } from "./support";
import { report, type Target } from "./targets";

type Server = Awaited<ReturnType<typeof startBuiltServer>>;

/** How long after `load` renders are still counted: the profile, the live stream and route discovery answer by then. */
const SETTLE_MS = 2_000;

/**
 * Where React's `renderWithHooks` (every function component's render goes through it) starts in
 * the build's framework file, found by its first statements: minified names change, these do not.
 */
function renderFunctionOf(directory: string): { file: string; offset: number } {
  const assets = path.join(directory, "build/client/assets");
  for (const file of readdirSync(assets).filter((name) => name.endsWith(".js"))) {
    const source = readFileSync(path.join(assets, file), "utf8");
    const offset = source.search(/\(e,t,n,r,i,a\)\{return \w+=a,\w+=t,t\.memoizedState=null,t\.updateQueue=null/);
    if (offset >= 0) return { file, offset };
  }
  throw new Error(`React's renderWithHooks was not found in ${assets}: the pattern needs this React's minified form`);
}

async function countFirstLoad(browser: Browser, server: Server, cookie: string, address: string, directory: string) {
  const render = renderFunctionOf(directory);
  const context = await browser.newContext();
  try {
    const [name, value] = cookie.split(";")[0]!.split("=");
    await context.addCookies([{ name: name!, value: value!, url: server.base }]);
    const page = await context.newPage();
    let manifestRequests = 0;
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/__manifest") manifestRequests++;
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.startPreciseCoverage", { callCount: true, detailed: false });
    await page.goto(`${server.base}${address}`, { waitUntil: "load" });
    await page.waitForTimeout(SETTLE_MS);
    const { result } = await cdp.send("Profiler.takePreciseCoverage");
    const script = result.find((entry) => entry.url.endsWith(`/assets/${render.file}`));
    // A function's first range is the function itself; its count is how often it ran.
    const renders = script?.functions.find((fn) => {
      const range = fn.ranges[0]!;
      return (
        range.startOffset <= render.offset && render.offset - range.startOffset < 40 && range.endOffset > render.offset
      );
    })?.ranges[0]!.count;
    if (renders === undefined) throw new Error(`${address}: the render function's calls were not counted`);
    return { renders, manifestRequests };
  } finally {
    await context.close();
  }
}

type Counts = Awaited<ReturnType<typeof countFirstLoad>>;

function linesOf(page: string, now: Counts, before?: Counts): Target[] {
  return [
    {
      name: `${page}, component renders on the first load`,
      measured: now.renders,
      unit: "",
      target: null,
      better: "lower",
      ...(before ? { before: before.renders } : {}),
    },
    {
      name: `${page}, route-manifest requests on the first load`,
      measured: now.manifestRequests,
      unit: "",
      target: null,
      better: "lower",
      ...(before ? { before: before.manifestRequests } : {}),
    },
  ];
}

const beforeDirectory = process.env.BENCH_BEFORE;
const builds = [...(beforeDirectory ? [beforeDirectory] : []), process.cwd()];
const browser = await chromium.launch(chromiumLaunchOptions);
const servers: Server[] = [];
try {
  const counted: Record<string, Counts>[] = [];
  for (const directory of builds) {
    const server = await startBuiltServer({}, directory);
    servers.push(server);
    const cookie = await signInThroughOutbox(server, "hydration@bench.local");
    await fillAccount(server.base, cookie, { styles: 1, objectsPerStyle: 8 });
    const pages = {
      create: "/app",
      object: `/app/object/${await firstObjectId(server.base, cookie)}`,
      styles: "/app/style",
    };
    await serverAtRest(server.pid);
    const counts: Record<string, Counts> = {};
    for (const [key, address] of Object.entries(pages))
      counts[key] = await countFirstLoad(browser, server, cookie, address, directory);
    counted.push(counts);
  }
  const now = counted.at(-1)!;
  const before = beforeDirectory ? counted[0] : undefined;
  report(
    "bench/results/hydration.json",
    [
      ...linesOf("Signed-in /app, 1 style × 8 objects", now.create!, before?.create),
      ...linesOf("Signed-in object page", now.object!, before?.object),
      ...linesOf("Signed-in styles page", now.styles!, before?.styles),
    ],
    { settleMs: SETTLE_MS },
  );
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
}
