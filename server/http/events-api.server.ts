import { Router } from "express";
import { eventsSince, latestEventId } from "../events/events.server";
import type { Services } from "../services.server";
import { getBalanceSnapshot } from "../credits/credits.server";
import { requireApiUser } from "./require-user.server";

const HEARTBEAT_MS = 20_000;

/**
 * One Server-Sent Events stream per signed-in user: job status and credit
 * balance changes. Reconnecting with Last-Event-ID replays what was missed.
 */
export function eventsApi(getServices: () => Promise<Services>): Router {
  const router = Router();
  router.get("/", async (req, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const { db } = services.database;
    let closed = false;
    const cleanups: (() => void)[] = [];
    res.on("close", () => {
      closed = true;
      cleanups.forEach((cleanup) => cleanup());
    });

    res.writeHead(200, {
      "Content-Type": "text/event-stream",
      // no-transform: no compression or proxy may buffer the stream.
      "Cache-Control": "no-store, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    res.flushHeaders();
    res.write("retry: 3000\n\n");

    const resumeFrom = Number(req.get("Last-Event-ID") ?? req.query.lastEventId ?? NaN);
    let cursor = Number.isFinite(resumeFrom) ? resumeFrom : await latestEventId(db, user.id);
    if (!Number.isFinite(resumeFrom)) {
      // A fresh stream starts with the current balance.
      res.write(`event: credits\ndata: ${JSON.stringify(await getBalanceSnapshot(db, user.id))}\n\n`);
    }

    let sending = Promise.resolve();
    const flush = () => {
      sending = sending
        .then(async () => {
          const events = await eventsSince(db, { userId: user.id, afterId: cursor });
          for (const event of events) {
            res.write(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
            cursor = event.id;
          }
        })
        .catch(() => {});
    };
    // The client may already have gone while we read the database.
    if (closed) return;
    const unsubscribe = services.events.subscribe(user.id, flush);
    const heartbeat = setInterval(() => res.write(": keep-alive\n\n"), HEARTBEAT_MS);
    cleanups.push(unsubscribe, () => clearInterval(heartbeat));
    flush();
  });
  return router;
}
