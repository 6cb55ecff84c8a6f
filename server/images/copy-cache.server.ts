/** How long a kept copy is trusted: bounds how late another process's deletion is noticed. */
export const COPY_CACHE_MS = 30_000;
const MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  body: Buffer;
  until: number;
}

/**
 * Image copies recently served through signed links, kept in this process so repeats need
 * no file read (reads go through libuv's small thread pool and cap a 2-core machine near
 * 2,000 a second). Bounded by bytes, oldest first out. A deletion in this process drops
 * its copies at once (the storages call `forget`); one in another process is noticed when
 * the entry's 30 s run out, no later than the browsers and caches that hold the same
 * immutable bytes for hours (docs/decisions/045).
 */
export class CopyCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = MAX_BYTES,
    private readonly ttlMs = COPY_CACHE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): Buffer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.drop(key);
      return undefined;
    }
    return entry.body;
  }

  set(key: string, body: Buffer): void {
    if (body.length > this.maxBytes / 8) return;
    this.drop(key);
    while (this.bytes + body.length > this.maxBytes) this.drop(this.entries.keys().next().value!);
    this.entries.set(key, { body, until: this.now() + this.ttlMs });
    this.bytes += body.length;
  }

  /** Drops the copies stored under `keyOrPrefix` (a file or a folder being deleted). */
  forget(keyOrPrefix: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(keyOrPrefix)) this.drop(key);
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}

/** This process's copies. */
export const copyCache = new CopyCache();
