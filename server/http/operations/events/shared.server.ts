import type { Request } from "express";
import { readSessionId } from "../../../auth/session.server";
import { hashToken } from "../../../auth/tokens.server";
import { KEY_STREAM_PREFIX } from "../../../events/stream-sessions.server";
import { bearerSecret } from "../../require-user.server";

export const liveEventsDescription = `A Server-Sent Events stream of the signed-in user's changes. Each event's \`data\` is JSON:

- \`event: credits\` (CreditsEvent): the balance changed. A fresh stream starts with one.
- \`event: job\` (JobEvent): a job changed status.
- \`event: job-progress\` (JobProgressEvent): an image of a job was made, or a step of one.

Events carry an \`id\`: reconnect with \`Last-Event-ID\` (or \`?lastEventId=\`) to get what was missed. The stream ends with its session.`;

export type StreamOrigin = { sessionHash: string; ip: string };

/** Where a stream comes from: its session (or key) and address, for the caps on open streams. */
export function streamOrigin(req: Request, secureCookies: boolean): StreamOrigin {
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
export function eventIdOf(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}
