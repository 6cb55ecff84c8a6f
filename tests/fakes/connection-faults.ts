// Connection faults a provider's wire fake can play on chosen requests, the way networks
// break uploads: a proxy or load balancer resetting the connection, a peer closing its side,
// a server that accepts and never reads. Each fake checks `take` before it reads a request.
import type { IncomingMessage } from "node:http";

export type ConnectionFaultKind =
  /** RST before a byte of the body is read. */
  | "reset-before-body"
  /** RST once `afterBytes` of the body have arrived (at its end, if it is shorter). */
  | "reset-after-bytes"
  /** The body is read, then the server closes its side (FIN) without an answer. */
  | "half-close"
  /** The connection is accepted and never read from or answered. */
  | "never-read";

export interface ConnectionFaultRule {
  kind: ConnectionFaultKind;
  /** Requests whose path contains this text (every request but /__control when absent). */
  path?: string;
  /** Only every Nth matching request (1 by default: every one). */
  every?: number;
  /** For reset-after-bytes; 4 kB by default. */
  afterBytes?: number;
}

export interface ConnectionFaultCounts {
  /** Requests the rule matched. */
  matched: number;
  /** Of those, the ones the fault was played on. */
  faulted: number;
}

/** Plays `rule` on a matching request: true when the fake must not answer it. */
export function takeConnectionFault(
  rule: ConnectionFaultRule | null | undefined,
  counts: ConnectionFaultCounts,
  req: IncomingMessage,
): boolean {
  if (!rule) return false;
  const path = new URL(req.url ?? "/", "http://localhost").pathname;
  if (rule.path ? !path.includes(rule.path) : path.startsWith("/__control")) return false;
  counts.matched++;
  if (counts.matched % (rule.every ?? 1) !== 0) return false;
  counts.faulted++;
  const socket = req.socket;
  switch (rule.kind) {
    case "reset-before-body":
      socket.resetAndDestroy();
      break;
    case "reset-after-bytes": {
      const limit = rule.afterBytes ?? 4096;
      let received = 0;
      req.on("data", (chunk: Buffer) => {
        received += chunk.length;
        if (received >= limit && !socket.destroyed) socket.resetAndDestroy();
      });
      req.on("end", () => socket.destroyed || socket.resetAndDestroy());
      break;
    }
    case "half-close":
      req.resume();
      req.on("end", () => socket.end());
      break;
    case "never-read":
      socket.pause();
      break;
  }
  return true;
}
