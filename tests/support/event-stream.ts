// Reads a live event stream (Server-Sent Events) in the background, for tests that
// need to know what arrived and whether, and when, the server ended the stream.

export interface StreamEvent {
  id?: string;
  event?: string;
  data?: string;
}

export interface OpenStream {
  events: StreamEvent[];
  /** Resolves when the server ends the stream (or the connection drops). */
  ended: Promise<void>;
  isEnded(): boolean;
  /** Resolves once an event matches, or rejects after `timeoutMs`. */
  waitFor(match: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves true once `condition` holds, false if it still does not after `timeoutMs`. */
  waitUntil(condition: () => boolean, timeoutMs: number): Promise<boolean>;
  /** Resolves true when the stream ends within `timeoutMs`, false otherwise. */
  endsWithin(timeoutMs: number): Promise<boolean>;
  /** Hangs up from the client side. */
  cancel(): Promise<void>;
}

export function readStream(response: Response): OpenStream {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  let done = false;
  let buffer = "";

  const ended = (async () => {
    try {
      for (;;) {
        const result = await reader.read();
        if (result.done) break;
        buffer += decoder.decode(result.value, { stream: true });
        let split;
        while ((split = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const event: Record<string, string> = {};
          for (const line of block.split("\n")) {
            const colon = line.indexOf(":");
            if (colon > 0) event[line.slice(0, colon)] = line.slice(colon + 1).trim();
          }
          if (event.event || event.id) events.push(event);
        }
        waiters.forEach((wake) => wake());
      }
    } catch {
      // A connection cut counts as the end.
    } finally {
      done = true;
      waiters.forEach((wake) => wake());
    }
  })();

  const waitUntil = (condition: () => boolean, timeoutMs: number) =>
    new Promise<boolean>((resolve) => {
      if (condition()) return resolve(true);
      const check = () => {
        if (!condition()) return;
        cleanup();
        resolve(true);
      };
      const timer = setTimeout(() => {
        cleanup();
        resolve(false);
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
    });

  return {
    events,
    ended,
    isEnded: () => done,
    waitUntil,
    async waitFor(match, timeoutMs = 5_000) {
      const found = await waitUntil(() => events.some(match), timeoutMs);
      if (!found) throw new Error(`no matching event within ${timeoutMs} ms (got ${JSON.stringify(events)})`);
      return events.find(match)!;
    },
    endsWithin: (timeoutMs) => waitUntil(() => done, timeoutMs),
    async cancel() {
      await reader.cancel().catch(() => {});
      await ended;
    },
  };
}

/**
 * Reads until `count` events with ids arrived, then hangs up: every event that came (those without
 * an id too, such as the opening balance). Fewer within the timeout is an error, not a slow pass.
 */
export async function readEvents(response: Response, count: number, timeoutMs = 5_000): Promise<StreamEvent[]> {
  const stream = readStream(response);
  const arrived = await stream.waitUntil(() => stream.events.filter((event) => event.id).length >= count, timeoutMs);
  await stream.cancel();
  if (!arrived)
    throw new Error(`fewer than ${count} events with ids within ${timeoutMs} ms: ${JSON.stringify(stream.events)}`);
  return stream.events;
}
