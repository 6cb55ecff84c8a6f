// How the fake BFL API answers a request: JSON (BFL's errors are FastAPI's {detail}), or a stall
// (200, its headers and a first byte, then nothing), counted in `stalls`.
import type { ServerResponse } from "node:http";
import type { BflState } from "./state.ts";

export interface Reply {
  json(status: number, body: unknown, headers?: Record<string, string>): void;
  raw(status: number, contentType: string, body: string | Buffer): void;
  stall(contentType?: string): void;
}

export function replyTo(res: ServerResponse, stalls: BflState["stalls"]): Reply {
  const raw = (status: number, contentType: string, body: string | Buffer, headers: Record<string, string> = {}) => {
    if (res.destroyed) return;
    res.writeHead(status, { "Content-Type": contentType, ...headers });
    res.end(body);
  };
  return {
    json: (status, body, headers = {}) => raw(status, "application/json", JSON.stringify(body), headers),
    raw: (status, contentType, body) => raw(status, contentType, body),
    stall: (contentType = "application/json") => {
      stalls.started++;
      res.writeHead(200, { "Content-Type": contentType });
      res.write(contentType === "application/json" ? "{" : "\x89");
      res.on("close", () => stalls.abandoned++);
    },
  };
}
