// How the fake WebUI answers: JSON; an error as its API middleware answers every exception
// ({error: the exception's class, detail, body, errors: its words}); raw bytes; or a stall (200,
// its headers and a first byte, then nothing), counted in `stalls`.
import type { ServerResponse } from "node:http";
import type { A1111State } from "./state.ts";

export interface Reply {
  json(status: number, body: unknown, headers?: Record<string, string>): void;
  error(status: number, error: string, detail: string, errors?: string, headers?: Record<string, string>): void;
  raw(status: number, type: string, text: string): void;
  stall(): void;
}

export function replyTo(res: ServerResponse, stalls: A1111State["stalls"]): Reply {
  const raw = (status: number, type: string, text: string, headers: Record<string, string> = {}) => {
    if (res.destroyed) return;
    res.writeHead(status, { "Content-Type": type, ...headers });
    res.end(text);
  };
  return {
    json: (status, body, headers) => raw(status, "application/json", JSON.stringify(body), headers),
    error: (status, error, detail, errors, headers) =>
      raw(
        status,
        "application/json",
        JSON.stringify({ error, detail, body: "", errors: errors ?? `${status}: ${detail}` }),
        headers,
      ),
    raw,
    stall: () => {
      stalls.started++;
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write("{");
      res.on("close", () => stalls.abandoned++);
    },
  };
}
