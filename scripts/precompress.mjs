// Brotli and gzip copies of the client build's text files, made once at build time, so
// the server sends them as they are instead of compressing each response.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /\.(js|css|svg|json|txt|html|map|webmanifest)$/;

function* files(folder) {
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(name)) yield full;
  }
}

export function precompress(folder = "build/client") {
  for (const file of files(folder)) {
    const body = readFileSync(file);
    const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    // Small files too (the page-view script is under 1 kB), unless compressing saves too little.
    if (br.length > body.length * 0.9) continue;
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
}
