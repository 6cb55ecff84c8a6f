import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * A package loaded the first time it is used rather than when the process starts: for large
 * libraries only some jobs need (svgo, the font builders), which would otherwise sit in every
 * process's memory from the start (about 15 MB of heap for svgo and svg2ttf). Synchronous, so
 * the functions that use them keep their signatures; the package must offer a CommonJS entry.
 */
export function onFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
