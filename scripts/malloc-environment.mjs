// What scripts/malloc-tuning.mjs sets for a process (docs/decisions/069, 129, 140); no side effects.
import { existsSync } from "node:fs";

/** jemalloc 5 where Debian, Ubuntu, Alpine and Fedora put it (the image links its own first). */
export const JEMALLOC_PATHS = [
  "/usr/local/lib/libjemalloc.so.2",
  "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2",
  "/usr/lib/aarch64-linux-gnu/libjemalloc.so.2",
  "/usr/lib/libjemalloc.so.2",
  "/usr/lib64/libjemalloc.so.2",
];

/**
 * Two arenas as with glibc. Freed pages are kept a quarter of a second for reuse and then given
 * back on jemalloc's own thread: given back at once, nearly every freed buffer cost a page-table
 * flush that waits on the other core, and the next one faulted its pages in again
 * (docs/decisions/140).
 * Allocations of 1 MB and more (images) go to jemalloc's own arena, which gives them back at once.
 */
export const JEMALLOC_CONF =
  "narenas:2,background_thread:true,dirty_decay_ms:250,muzzy_decay_ms:0,oversize_threshold:1048576";

/** The variables this process should run with, given its environment and the files present. */
export function mallocEnvironment(env, exists = existsSync) {
  const wanted = {
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? "131072",
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? "2",
  };
  // An operator's own preload (or an empty one, to keep glibc) is left alone.
  if (env.LD_PRELOAD === undefined) {
    const jemalloc = JEMALLOC_PATHS.find((path) => exists(path));
    if (jemalloc) Object.assign(wanted, { LD_PRELOAD: jemalloc, MALLOC_CONF: env.MALLOC_CONF ?? JEMALLOC_CONF });
  }
  return wanted;
}
