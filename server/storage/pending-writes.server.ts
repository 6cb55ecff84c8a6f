/**
 * Writes this process has under way in the background (an image's grid copies), by key, so a
 * folder's deletion can wait for the ones inside it instead of racing them and leaving files
 * behind. Another process's writes are not seen here: the writer checks afterwards that its
 * image still exists (server/images/card-variants.server.ts).
 */
const pending = new Map<Promise<unknown>, string>();

export function trackWrite(key: string, write: Promise<unknown>): void {
  pending.set(write, key);
  void write.finally(() => pending.delete(write)).catch(() => {});
}

/** Resolves once every background write for `prefix` (that key, or under that folder; every one, without) has ended. */
export async function writesSettled(prefix = ""): Promise<void> {
  const folder = prefix.endsWith("/") || prefix === "" ? prefix : `${prefix}/`;
  const waiting = [...pending].filter(([, key]) => key === prefix || key.startsWith(folder)).map(([write]) => write);
  await Promise.allSettled(waiting);
}
