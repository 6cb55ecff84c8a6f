// How the fake Recraft answers: JSON (its errors are {code, message}), raw bytes, or a stall
// (200, its headers and a first byte, then nothing), counted in `stalls`.
import type { ServerResponse } from "node:http";
import type { RecraftState } from "./state.ts";

export interface Reply {
  json(status: number, body: unknown): void;
  raw(status: number, contentType: string, body: string | Buffer): void;
  stall(contentType?: string): void;
}

export function replyTo(res: ServerResponse, stalls: RecraftState["stalls"]): Reply {
  const raw = (status: number, contentType: string, body: string | Buffer) => {
    if (res.destroyed) return;
    res.writeHead(status, { "Content-Type": contentType });
    res.end(body);
  };
  return {
    json: (status, body) => raw(status, "application/json", JSON.stringify(body)),
    raw,
    stall: (contentType = "application/json") => {
      stalls.started++;
      res.writeHead(200, { "Content-Type": contentType });
      res.write(contentType === "application/json" ? "{" : "<");
      res.on("close", () => stalls.abandoned++);
    },
  };
}
