// How the fake Replicate answers a request: JSON, a problem (Replicate's errors: {title, detail,
// status} as application/problem+json), or a stall (200, its headers and a first byte, then
// nothing), counted in `stalls`.
import type { ServerResponse } from "node:http";
import type { ReplicateState } from "./state.ts";

export interface Reply {
  json(status: number, body: unknown, headers?: Record<string, string>): void;
  problem(
    status: number,
    title: string,
    detail: string,
    extra?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): void;
  stall(contentType?: string): void;
}

export function replyTo(res: ServerResponse, stalls: ReplicateState["stalls"]): Reply {
  const send = (status: number, type: string, body: unknown, headers: Record<string, string>) => {
    if (res.destroyed) return;
    res.writeHead(status, { "Content-Type": type, ...headers });
    res.end(JSON.stringify(body));
  };
  return {
    json: (status, body, headers = {}) => send(status, "application/json", body, headers),
    problem: (status, title, detail, extra = {}, headers = {}) =>
      send(status, "application/problem+json", { title, detail, status, ...extra }, headers),
    stall: (contentType = "application/json") => {
      stalls.started++;
      res.writeHead(200, { "Content-Type": contentType });
      res.write(contentType === "application/json" ? "{" : "\x89");
      res.on("close", () => stalls.abandoned++);
    },
  };
}
