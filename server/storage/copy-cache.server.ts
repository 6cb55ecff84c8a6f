import { BytesCache } from "../cache/bytes-cache.server";

/** How long a kept copy is trusted: bounds how late another process's deletion is noticed. */
export const COPY_CACHE_MS = 30_000;
const MAX_BYTES = 32 * 1024 * 1024;

/**
 * Image copies recently served through signed links, kept in this process so repeats need
 * no file read (reads go through libuv's small thread pool and cap a 2-core machine near
 * 2,000 a second). A deletion in this process drops its copies at once (the storages call
 * `forget`); one in another process is noticed when the entry's 30 s run out, no later than
 * the browsers and caches that hold the same immutable bytes for hours (docs/decisions/045).
 */
export const copyCache = new BytesCache(MAX_BYTES, COPY_CACHE_MS);
