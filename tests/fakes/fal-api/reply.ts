// How the fake fal.ai answers a request: JSON, or a stall (200, its headers and a first byte,
// then nothing), counted in `stalls`.
import type { ServerResponse } from "node:http";
import type { FalState } from "./state.ts";

export interface Reply {
  json(status: number, body: unknown, headers?: Record<string, string>): void;
  stall(contentType?: string): void;
}

export function replyTo(res: ServerResponse, stalls: FalState["stalls"]): Reply {
  return {
    json: (status, body, headers = {}) => {
      res.writeHead(status, { "Content-Type": "application/json", ...headers });
      res.end(JSON.stringify(body));
    },
    stall: (contentType = "application/json") => {
      stalls.started++;
      res.writeHead(200, { "Content-Type": contentType });
      res.write(contentType === "application/json" ? "{" : "\x89");
      res.on("close", () => stalls.abandoned++);
    },
  };
}
