import { z } from "zod";
import { getBalanceSnapshot } from "../../../credits/credits.server";
import { latestEventId } from "../../../events/events.server";
import { requireApiUser } from "../../require-user.server";
import { defineOperation } from "../operation.server";
import type { Request } from "express";
import { readSessionId } from "../../../auth/session.server";
import { hashToken } from "../../../auth/tokens.server";
import { KEY_STREAM_PREFIX } from "../../../events/stream-sessions.server";
import { bearerSecret } from "../../require-user.server";

const liveEventsDescription = `A Server-Sent Events stream of the signed-in user's changes. Each event's \`data\` is JSON:

- \`event: credits\` (CreditsEvent): the balance changed. A fresh stream starts with one.
- \`event: job\` (JobEvent): a job changed status.
- \`event: job-progress\` (JobProgressEvent): an image of a job was made, or a step of one.

Events carry an \`id\`: reconnect with \`Last-Event-ID\` (or \`?lastEventId=\`) to get what was missed. The stream ends with its session.`;

type StreamOrigin = { sessionHash: string; ip: string };

/** Where a stream comes from: its session (or key) and address, for the caps on open streams. */
function streamOrigin(req: Request, secureCookies: boolean): StreamOrigin {
  // A stream lives as long as what opened it: the browser session, or the API key.
  const secret = bearerSecret(req);
  const sessionHash =
    secret !== null
      ? `${KEY_STREAM_PREFIX}${hashToken(secret)}`
      : hashToken(readSessionId(req.get("Cookie"), secureCookies) ?? "");
  return { sessionHash, ip: req.ip ?? "unknown" };
}

/**
 * The event id a client resumes from: a whole number the event table can hold. Anything else
 * ("1.5", twenty digits, a word) is treated as absent: the stream starts fresh.
 */
function eventIdOf(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

export const liveEventsOperation = defineOperation({
  method: "get",
  path: "/api/events",
  tag: "Events",
  summary: "Live events",
  description: liveEventsDescription,
  access: "user",
  query: z.object({
    lastEventId: z
      .string()
      .optional()
      .meta({ description: "As the Last-Event-ID header, for clients that cannot set it." }),
  }),
  headers: z.object({
    "Last-Event-ID": z.string().optional().meta({ description: "The last event id seen: resume after it." }),
  }),
  errors: [429],
  responses: {
    200: {
      description: "The stream (it stays open).",
      media: { "text/event-stream": { schema: { type: "string" } } },
    },
  },
  // Too many streams from one place are refused before the session is even read.
  async authenticate(req, res, services) {
    res.locals.clientGone = false;
    res.on("close", () => (res.locals.clientGone = true));
    // Worked out once, for the early refusal here and the stream's place in the handler.
    res.locals.streamOrigin = streamOrigin(req, services.config.auth.secureCookies);
    services.events.refuseEarly(res.locals.streamOrigin as StreamOrigin);
    return requireApiUser(req, services);
  },
  async handle({ req, res, services, user }) {
    const { db } = services.database;
    const clientGone = () => res.locals.clientGone === true;
    // The place is taken before any other work, so a burst of connections cannot pass the cap together.
    const stream = services.events.open(
      { userId: user.workspace.id, memberId: user.id, ...(res.locals.streamOrigin as StreamOrigin) },
      { send: (chunk) => res.write(chunk), end: () => res.end() },
    );
    res.on("close", () => stream.close());
    // The client may have left while we read its session.
    if (clientGone()) return stream.close();
    // Then its place among every process's streams: over the cap elsewhere is a 429 too.
    await stream.claim();
    if (clientGone()) return stream.close();

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
      const cursor = resumeFrom ?? (await latestEventId(db, user.workspace.id));
      // Every stream starts with the current balance, a resumed one too (its replay may not reach back).
      res.write(`event: credits\ndata: ${JSON.stringify(await getBalanceSnapshot(db, user.workspace.id))}\n\n`);
      stream.start(cursor);
    } catch {
      // Headers are sent: a failed first read can only end the stream (the browser reconnects).
      res.end();
    }
  },
});
