import { Router } from "express";
import { readSessionId } from "../auth/session.server";
import { hashToken } from "../auth/tokens.server";
import { latestEventId } from "../events/events.server";
import { KEY_STREAM_PREFIX } from "../events/stream-sessions.server";
import type { Services } from "../services.server";
import { getBalanceSnapshot } from "../credits/credits.server";
import { bearerSecret, requireApiUser } from "./require-user.server";

/**
 * One Server-Sent Events stream per signed-in tab: job status and credit
 * balance changes. Reconnecting with Last-Event-ID replays what was missed.
 * The stream lives only as long as its session (see EventStreamHub).
 */
export function eventsApi(getServices: () => Promise<Services>): Router {
  const router = Router();
  router.get("/", async (req, res) => {
    let clientGone = false;
    res.on("close", () => (clientGone = true));
    const services = await getServices();
    // A stream lives as long as what opened it: the browser session, or the API key.
    const secret = bearerSecret(req);
    const sessionHash =
      secret !== null
        ? `${KEY_STREAM_PREFIX}${hashToken(secret)}`
        : hashToken(readSessionId(req.get("Cookie"), services.config.auth.secureCookies) ?? "");
    const where = { sessionHash, ip: req.ip ?? "unknown" };
    services.events.refuseEarly(where);
    const user = await requireApiUser(req, services);
    const { db } = services.database;

    // The place is taken before any other work, so a burst of connections cannot pass the cap together.
    const stream = services.events.open(
      { userId: user.id, ...where },
      { send: (chunk) => res.write(chunk), end: () => res.end() },
    );
    res.on("close", () => stream.close());
    // The client may have left while we read its session.
    if (clientGone) return stream.close();
    // Then its place among every process's streams: over the cap elsewhere is a 429 too.
    await stream.claim();
    if (clientGone) return stream.close();

    res.writeHead(200, {
      "Content-Type": "text/event-stream",
      // no-transform: no compression or proxy may buffer the stream.
      "Cache-Control": "no-store, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    res.flushHeaders();
    res.write("retry: 3000\n\n");

    try {
      const resumeFrom = eventIdOf(req.get("Last-Event-ID") ?? req.query.lastEventId);
      const cursor = resumeFrom ?? (await latestEventId(db, user.id));
      // Every stream starts with the current balance, a resumed one too (its replay may not reach back).
      res.write(`event: credits\ndata: ${JSON.stringify(await getBalanceSnapshot(db, user.id))}\n\n`);
      stream.start(cursor);
    } catch {
      // Headers are sent: a failed first read can only end the stream (the browser reconnects).
      res.end();
    }
  });
  return router;
}

/**
 * The event id a client resumes from: a whole number the event table can hold. Anything else
 * ("1.5", twenty digits, a word) is treated as absent: the stream starts fresh.
 */
export function eventIdOf(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}
