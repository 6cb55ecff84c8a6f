import { liveEventTypes, type LiveEvent } from "#domain/events";

/**
 * The browser side of the per-user event stream (/api/events). EventSource
 * reconnects by itself and sends Last-Event-ID, so nothing is missed.
 */
export type { LiveEvent };

type Listener = (event: LiveEvent) => void;
const listeners = new Set<Listener>();
const openListeners = new Set<() => void>();
const closedListeners = new Set<() => void>();
let source: EventSource | null = null;
let users = 0;
/**
 * The last event this page has accounted for: the newest when the page's data was read (the
 * document's loader says), then each event's id. A stream opened from it replays what came after,
 * so the page need not read its data again to catch up (docs/decisions/128).
 */
let resumeFrom: number | null = null;

function dispatch(type: LiveEvent["type"]) {
  return (message: MessageEvent<string>) => {
    const id = Number(message.lastEventId);
    if (message.lastEventId && Number.isSafeInteger(id)) resumeFrom = Math.max(resumeFrom ?? 0, id);
    try {
      const event = { type, data: JSON.parse(message.data) } as LiveEvent;
      listeners.forEach((listener) => listener(event));
    } catch {
      // A malformed event is dropped; the next one still arrives.
    }
  };
}

function open(): EventSource {
  // Resumed from a known event, the stream's first opening replays all the page missed; a fresh
  // one, and every reconnection after a break (its replay may not reach back), says so to the
  // page, which reads its data again.
  let replays = resumeFrom !== null;
  const opened = new EventSource(resumeFrom === null ? "/api/events" : `/api/events?lastEventId=${resumeFrom}`);
  for (const type of liveEventTypes) opened.addEventListener(type, dispatch(type));
  opened.addEventListener("open", () => {
    if (replays) replays = false;
    else openListeners.forEach((listener) => listener());
  });
  // EventSource gives up only when the server refuses it (401 once the session is gone):
  // a network break leaves it CONNECTING, retrying by itself.
  opened.addEventListener("error", (event) => {
    if ((event.target as EventSource).readyState === EventSource.CLOSED)
      closedListeners.forEach((listener) => listener());
  });
  return opened;
}

/** Opens the stream while at least one component listens. */
export function subscribeLiveEvents(listener: Listener): () => void {
  listeners.add(listener);
  users++;
  if (!source) source = open();
  return () => {
    listeners.delete(listener);
    users--;
    if (users === 0) {
      source?.close();
      source = null;
    }
  };
}

/**
 * The newest event when the document's data was read (the app layout's loader reads it first):
 * the stream starts after it. Only ever moves forward.
 */
export function resumeLiveEventsFrom(eventId: number): void {
  resumeFrom = Math.max(resumeFrom ?? 0, eventId);
}

/**
 * Called each time the stream (re)connects without a replay from the page's own starting point:
 * a fresh stream starts from the newest event, so whatever changed between the page's load and
 * the connection (a preview job that finished in a tenth of a second) is only seen by reading
 * the page's data again.
 */
export function onLiveStreamOpen(listener: () => void): () => void {
  openListeners.add(listener);
  return () => openListeners.delete(listener);
}

/**
 * Called when the server refuses the stream for good: the session ended elsewhere (signed out
 * in another browser, or the account disabled or deleted by an operator).
 */
export function onLiveStreamRefused(listener: () => void): () => void {
  closedListeners.add(listener);
  return () => closedListeners.delete(listener);
}

/**
 * Opens the stream afresh (when anyone listens): the page now acts in another workspace, whose
 * events and balance it carries. Its first event is the balance.
 */
export function reconnectLiveEvents(): void {
  // Another workspace's events: this one's place in them means nothing there.
  resumeFrom = null;
  if (!source) return;
  source.close();
  source = open();
}
