// The fake Gemini API's state, one object its parts share: how it is told to behave
// (`control`) and what it records for the tests.
import type { ConnectionFaultCounts, ConnectionFaultRule } from "../connection-faults.ts";

export type Failure = "rate_limit" | "server_error" | "unavailable";
/** How the fake declines: the four shapes Gemini answers a request it will not draw with (HTTP 200). */
export type Refusal = "blocked_prompt" | "image_safety" | "no_candidates" | "text_only";

export interface FakeGeminiControl {
  /** A connection fault played on matching requests (tests/fakes/connection-faults.ts). */
  connectionFault: ConnectionFaultRule | null;
  /** Added before every answer. */
  latencyMs: number;
  /** The next N generateContent requests fail with this kind, then normal service resumes. */
  failNext: { kind: Failure; count: number } | null;
  /** Every generateContent request fails with this kind until changed. */
  failAlways: Failure | null;
  /** Declines requests whose prompt contains `prompt` (every one when null). */
  refuse: { kind: Refusal; prompt: string | null } | null;
  /** Sends 200 and the start of the body, then nothing, for prompts containing `prompt` (every request, the model lookups included, when null). */
  stallBody: { prompt: string | null } | null;
  /** The format images come back in: Gemini answers PNG, but the wire allows others. */
  imageMimeType: "image/png" | "image/jpeg" | "image/webp";
}

export const normalService = (): FakeGeminiControl => ({
  connectionFault: null,
  latencyMs: 0,
  failNext: null,
  failAlways: null,
  refuse: null,
  stallBody: null,
  imageMimeType: "image/png",
});

export interface RecordedGeminiRequest {
  model: string;
  apiKey: string;
  /** Every part of the user's content, text and images. */
  partCount: number;
  texts: string[];
  inlineImageCount: number;
  inlineMimeTypes: string[];
  /** The decoded bytes of each inline image, in order. */
  inlineImages: Buffer[];
  /** The sha256 of each inline image's bytes, in order (an edit's base first, then its references). */
  inlineImageHashes: string[];
  /** What each part was, in the order sent. */
  partKinds: ("text" | "image")[];
  responseModalities: string[] | undefined;
  aspectRatio: string | undefined;
  imageSize: string | undefined;
  seed: number | undefined;
}

export interface GeminiState {
  control: FakeGeminiControl;
  connectionFaults: ConnectionFaultCounts;
  requests: RecordedGeminiRequest[];
  /** The key of each model lookup (get or list): the free calls a connection check makes. */
  modelLookups: string[];
  stalls: { started: number; abandoned: number };
}

export function createState(): GeminiState {
  return {
    control: normalService(),
    connectionFaults: { matched: 0, faulted: 0 },
    requests: [],
    modelLookups: [],
    stalls: { started: 0, abandoned: 0 },
  };
}

/** Back to normal service, with nothing recorded. */
export function resetState(state: GeminiState) {
  Object.assign(state.control, normalService());
  state.requests.length = 0;
  state.modelLookups.length = 0;
  Object.assign(state.stalls, { started: 0, abandoned: 0 });
  Object.assign(state.connectionFaults, { matched: 0, faulted: 0 });
}
