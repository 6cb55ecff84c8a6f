// Runs the production build (or, with NODE_ENV=development, the Vite dev server).
import "./scripts/malloc-tuning.mjs";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { readdirSync } from "node:fs";
import { enableCompileCache } from "node:module";

// The build's compiled code is kept between starts (also when started without scripts/start.mjs).
enableCompileCache();

const DEVELOPMENT = process.env.NODE_ENV === "development";
const port = Number.parseInt(process.env.PORT || "3000", 10);
const host = process.env.HOST || "0.0.0.0";

const server = express();
server.disable("x-powered-by");
// The event stream opts out with Cache-Control: no-transform.
const compress = compression();

function fail(error) {
  console.error(`\nMotif could not start: ${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
}

let appModule;
try {
  if (DEVELOPMENT) {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({
      server: { middlewareMode: true },
    });
    server.use(compress);
    server.use(viteDevServer.middlewares);
    appModule = await viteDevServer.ssrLoadModule("./server/app.ts");
    server.use(async (req, res, next) => {
      try {
        const source = await viteDevServer.ssrLoadModule("./server/app.ts");
        return await source.app(req, res, next);
      } catch (error) {
        if (typeof error === "object" && error instanceof Error) viteDevServer.ssrFixStacktrace(error);
        next(error);
      }
    });
  } else {
    appModule = await import("./build/server/index.js");
    // Already compressed: the public pages (rendered once) and the hashed assets (at build).
    server.use(appModule.imageCopies);
    server.use(appModule.publicPages);
    server.use(
      "/assets",
      expressStaticGzip("build/client/assets", {
        enableBrotli: true,
        orderPreference: ["br", "gzip"],
        serveStatic: { immutable: true, maxAge: "1y", fallthrough: false },
      }),
    );
    server.use(compress);
    // Only requests under one of build/client's own entries look there: pages, API calls and
    // React Router's data requests (/app.data) skip the file lookup.
    const publicEntries = new Set(readdirSync("build/client"));
    // Precompressed like the assets (the page-view script, the favicon, the examples).
    const publicFiles = expressStaticGzip("build/client", {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      index: false,
      serveStatic: { maxAge: "1h", index: false, redirect: false },
    });
    // "/examples/potion.svg" → "examples", "/favicon.svg" → "favicon.svg"
    const firstSegment = (urlPath) => {
      const end = urlPath.indexOf("/", 1);
      return urlPath.slice(1, end === -1 ? undefined : end);
    };
    server.use((req, res, next) => (publicEntries.has(firstSegment(req.path)) ? publicFiles(req, res, next) : next()));
    server.use(appModule.app);
  }
  await appModule.start();
} catch (error) {
  fail(error);
}

const listener = server.listen(port, host, () => {
  const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host;
  console.log(`Motif is listening on http://${shown}:${port}`);
  // The operator's commands reach this process on the loopback address.
  const loopback = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  appModule.listening?.(`http://${loopback.includes(":") ? `[${loopback}]` : loopback}:${port}`).catch(fail);
});
// An idle connection is kept longer than clients and proxies keep theirs (nginx's upstream 60 s):
// with Node's 5 s, a client sending on a connection just as the server closed it got a reset.
listener.keepAliveTimeout = 65_000;

let stopping = false;
/**
 * Responses under way. Node's close() waits for every connection, and a keep-alive connection
 * whose request was in flight when the stop began stays open after its answer (until the 65 s
 * above): a stop tells those answers to close their connection.
 */
const answering = new Set();
// Ahead of the app, whose answer may be written before a later listener runs.
listener.prependListener("request", (req, res) => {
  if (stopping) res.setHeader("Connection", "close");
  answering.add(res);
  res.once("close", () => answering.delete(res));
});

/** Finishes open requests, then exits with `code` (1 after a fault, for the supervisor to restart). */
async function shutdown(reason, code = 0) {
  if (stopping) return;
  stopping = true;
  console.log(`${reason}: finishing open requests, then stopping`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  listener.close(async () => {
    await appModule.stop().catch((error) => console.error(error));
    process.exit(code);
  });
  // Idle keep-alive sockets would hold close() open; busy ones close after their answer, and
  // those whose headers had already gone (a download) are closed once idle.
  for (const res of answering) if (!res.headersSent) res.setHeader("Connection", "close");
  listener.closeIdleConnections();
  setInterval(() => listener.closeIdleConnections(), 100).unref();
  // Event streams never end by themselves: end them, and their browsers reconnect elsewhere.
  await appModule.drain?.().catch((error) => console.error(error));
}
process.on("SIGTERM", () => shutdown("SIGTERM received"));
process.on("SIGINT", () => shutdown("SIGINT received"));
appModule.guardProcess(() => shutdown("An uncaught exception", 1));
