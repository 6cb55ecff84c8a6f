interface Entry {
  body: Buffer;
  until: number;
}

/**
 * Bytes kept in this process by key, bounded by their total size (oldest first out, and
 * none larger than an eighth of the bound), each trusted for `ttlMs`.
 */
export class BytesCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly ttlMs = Infinity,
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
