import { pipeline } from "node:stream/promises";
import type { Writable } from "node:stream";

/**
 * A ZIP archive streamed to `out`, for every download that is one. archiver loads with the first
 * export, not at start (docs/decisions/047). pipeline, not pipe: a reader that goes away destroys
 * the archive and aborts `gone`, so a writer still adding entries stops; `delivered` then rejects,
 * and is handled here at once, so an early close is never an unhandled rejection while the writer
 * is still finishing (the caller awaits it after `finalize()` and hears the failure there).
 */
export async function zipStream(out: Writable) {
  const { default: archiver } = await import("archiver");
  const archive = archiver("zip", { zlib: { level: 6 } });
  const gone = new AbortController();
  const delivered = pipeline(archive, out);
  delivered.catch((error: unknown) => gone.abort(error));
  return { archive, gone: gone.signal, delivered };
}
