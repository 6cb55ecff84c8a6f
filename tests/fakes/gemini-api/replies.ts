// How the fake Gemini API answers: JSON, Google's error bodies ({error:{code,message,status}}),
// and a stall whose headers go out at once and whose body never ends.
import type { ServerResponse } from "node:http";
import type { Failure, GeminiState } from "./state.ts";

export function googleError(code: number, status: string, message: string, details?: unknown[]): [number, unknown] {
  return [code, { error: { code, message, status, ...(details ? { details } : {}) } }];
}

export function failureBody(kind: Failure): [number, unknown] {
  if (kind === "rate_limit")
    return googleError(
      429,
      "RESOURCE_EXHAUSTED",
      "You exceeded your current quota, please check your plan and billing details.",
    );
  if (kind === "unavailable")
    return googleError(503, "UNAVAILABLE", "The model is overloaded. Please try again later.");
  return googleError(
    500,
    "INTERNAL",
    "An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting",
  );
}

export interface Reply {
  json(status: number, body: unknown): void;
  send([status, body]: [number, unknown]): void;
  stallBody(): void;
}

export function replyTo(res: ServerResponse, stalls: GeminiState["stalls"]): Reply {
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json; charset=UTF-8", Vary: "Origin" });
    res.end(JSON.stringify(body));
  };
  const send = ([status, body]: [number, unknown]) => json(status, body);
  // The headers go out at once, the body never ends.
  const stallBody = () => {
    stalls.started++;
    res.writeHead(200, { "Content-Type": "application/json; charset=UTF-8" });
    res.write('{\n  "candidates": [');
    res.on("close", () => stalls.abandoned++);
  };
  return { json, send, stallBody };
}
