// Builds the app when its sources changed since the last build (shared by start and worker).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildSync } from "esbuild";
import { precompress } from "./precompress.mjs";

const SOURCES = [
  "app",
  "server",
  "public",
  "drizzle",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "server.mjs",
];
const STAMP = "build/.source-stamp";

function* files(entry) {
  if (!existsSync(entry)) return;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return yield [entry, stat];
  for (const name of readdirSync(entry).sort()) yield* files(path.join(entry, name));
}

function sourceStamp() {
  const hash = createHash("sha256");
  for (const source of SOURCES)
    for (const [file, stat] of files(source)) hash.update(`${file}:${stat.size}:${stat.mtimeMs}\n`);
  return hash.digest("hex");
}

/**
 * The one script of the pages served without React (app/static-page/controls.ts), hashed
 * beside the app's assets; the server reads its name from build/server/static-page.json.
 */
function buildStaticPageScript() {
  const result = buildSync({
    entryPoints: ["app/static-page/controls.ts"],
    bundle: true,
    minify: true,
    format: "esm",
    target: "es2022",
    outdir: "build/client/assets",
    entryNames: "page-controls-[hash]",
    metafile: true,
    logLevel: "warning",
  });
  const output = Object.keys(result.metafile.outputs).find((file) => file.endsWith(".js"));
  const script = `/${path.relative("build/client", output).split(path.sep).join("/")}`;
  writeFileSync("build/server/static-page.json", `${JSON.stringify({ script })}\n`);
}

/** The preset cards' images as public files (scripts/draw-preset-cards.ts). */
function drawPresetCards() {
  const result = spawnSync("npx", ["tsx", "scripts/draw-preset-cards.ts"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Builds now, and records which sources the build is of. */
export function build() {
  const stamp = sourceStamp();
  // A production build whoever asks: a test runner's NODE_ENV=test would build another server.
  const env = { ...process.env, NODE_ENV: "production" };
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
  buildStaticPageScript();
  drawPresetCards();
  precompress();
  writeFileSync(STAMP, stamp);
}

export function ensureBuild() {
  // A deployed image carries the build without its sources: the build is the release.
  if (!existsSync("app") && existsSync("build/server/index.js")) return;
  const built =
    existsSync("build/server/index.js") && existsSync(STAMP) && readFileSync(STAMP, "utf8") === sourceStamp();
  if (built) return;
  console.log("Building Motif…");
  build();
}
