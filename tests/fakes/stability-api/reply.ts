// How the fake Stability answers: JSON, an error in its own shape ({id, name, errors} on v2beta,
// {id, name, message} on v1), an image with its finish-reason and seed headers (or as base64 JSON
// when asked for application/json), or a stall (200, its headers and a first byte, then nothing).
import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { StabilityState } from "./state.ts";

export const errorId = () => randomBytes(16).toString("hex");

export interface Reply {
  json(status: number, body: unknown): void;
  error(status: number, name: string, errors: string[]): void;
  v1Error(status: number, name: string, message: string): void;
  image(data: Buffer, options: { type: string; seed: number; finishReason?: string; accept: string | undefined }): void;
  raw(status: number, type: string, body: Buffer | string): void;
  stall(type?: string): void;
}

export function replyTo(res: ServerResponse, stalls: StabilityState["stalls"]): Reply {
  const send = (status: number, type: string, body: Buffer | string, headers: Record<string, string> = {}) => {
    if (res.destroyed) return;
    res.writeHead(status, { "Content-Type": type, "Content-Length": String(Buffer.byteLength(body)), ...headers });
    res.end(body);
  };
  return {
    json: (status, body) => send(status, "application/json", JSON.stringify(body)),
    error: (status, name, errors) => send(status, "application/json", JSON.stringify({ id: errorId(), name, errors })),
    v1Error: (status, name, message) =>
      send(status, "application/json", JSON.stringify({ id: errorId(), name, message })),
    image: (data, { type, seed, finishReason = "SUCCESS", accept }) => {
      if (accept?.includes("application/json")) {
        return send(
          200,
          "application/json",
          JSON.stringify({ image: data.toString("base64"), finish_reason: finishReason, seed }),
        );
      }
      send(200, type, data, { "finish-reason": finishReason, seed: String(seed) });
    },
    raw: (status, type, body) => send(status, type, body),
    stall: (type = "image/png") => {
      stalls.started++;
      res.writeHead(200, { "Content-Type": type, "finish-reason": "SUCCESS" });
      res.write(type.startsWith("image/") ? "\x89" : "{");
      res.on("close", () => stalls.abandoned++);
    },
  };
}
