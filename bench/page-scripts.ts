// What a page makes the browser download before it runs: its module scripts, modulepreloads and
// the route modules React Router's inline bootstrap imports, weighed gzipped as they travel.
import { gzipSync } from "node:zlib";

/** Every script a page loads before it is interactive: module scripts, modulepreloads and their imports' preloads. */
export function scriptsOf(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) found.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) found.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+href="([^"]+)"[^>]+rel="modulepreload"/g)) found.add(match[1]!);
  // React Router's inline bootstrap imports the entry and route modules by URL.
  for (const match of html.matchAll(/import\s*(?:[^"']*from\s*)?["']([^"']+\.js)["']/g)) found.add(match[1]!);
  return [...found].filter((src) => src.endsWith(".js"));
}

export interface ScriptWeight {
  files: number;
  gzipKB: number;
  largest: { src: string; bytes: number; gzipBytes: number }[];
}

/** The scripts `html` loads, fetched from `base` and gzipped at level 9. */
export async function weighScripts(base: string, html: string): Promise<ScriptWeight> {
  const files = [];
  for (const src of scriptsOf(html)) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    files.push({ src, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length });
  }
  return {
    files: files.length,
    gzipKB: Math.round(files.reduce((sum, f) => sum + f.gzipBytes, 0) / 102.4) / 10,
    largest: files.sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 5),
  };
}
