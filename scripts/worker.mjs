// `npm run worker`: a process that only runs generation jobs (no HTTP). Needs DATABASE_URL:
// the embedded database belongs to the one process that opened it.
import "./malloc-tuning.mjs";
import { enableCompileCache } from "node:module";

// V8's compiled code for the server's modules is kept between starts (in the system's temporary
// folder, checked against each file's contents): about a third less CPU to load them.
enableCompileCache();
const { ensureBuild } = await import("./ensure-build.mjs");

ensureBuild();
process.env.NODE_ENV ??= "production";
process.env.WORKER = "on";
let app;
try {
  app = await import("../build/server/index.js");
  await app.start();
} catch (error) {
  console.error(`\nMotif worker could not start: ${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
}
console.log("Motif worker is running generation jobs");

let stopping = false;
/** Finishes running jobs, then exits with `code` (1 after a fault, for the supervisor to restart). */
async function shutdown(reason, code = 0) {
  if (stopping) return;
  stopping = true;
  console.log(`${reason}: finishing running jobs, then stopping`);
  setTimeout(() => process.exit(1), 15_000).unref();
  await app.stop().catch((error) => console.error(error));
  process.exit(code);
}
process.on("SIGTERM", () => shutdown("SIGTERM received"));
process.on("SIGINT", () => shutdown("SIGINT received"));
app.guardProcess(() => shutdown("An uncaught exception", 1));
