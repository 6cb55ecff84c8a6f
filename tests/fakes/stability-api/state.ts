// The fake Stability's state, one object its parts share: how it is told to behave (`control`)
// and what it records for the tests.
import type { ConnectionFaultCounts, ConnectionFaultRule } from "../connection-faults.ts";

/**
 * How an image request fails: 429, 500, a moderation refusal (403), a 402, a 200 whose image
 * moderation blurred (finish-reason CONTENT_FILTERED), a 200 that is not an image (HTML), a 200
 * image/png whose bytes do not decode; or (on a result's GET) a result gone (404).
 */
export type StabilityFailure =
  "rate_limit" | "server_error" | "moderation" | "payment" | "filtered" | "wrong_type" | "not_an_image" | "expired";

export interface FakeStabilityControl {
  /** A connection fault played on matching requests (tests/fakes/connection-faults.ts). */
  connectionFault: ConnectionFaultRule | null;
  /** Added before every answer. */
  latencyMs: number;
  /** The next N requests it applies to fail with this kind, then normal service resumes. */
  failNext: { kind: StabilityFailure; count: number } | null;
  /** Every request it applies to fails with this kind until changed. */
  failAlways: StabilityFailure | null;
  /** Sends 200, its headers and a first byte, then nothing: on image POSTs, or on a result's GET. */
  stall: "image" | "result" | null;
  /** Image POSTs are held unanswered until the client goes away (Stability has no cancel). */
  hold: boolean;
  /** GETs a Creative Upscale's result answers 202 (in progress) before it is ready. */
  resultPolls: number;
  /** A Creative Upscale's result stays in progress. */
  holdInProgress: boolean;
}

export const normalService = (): FakeStabilityControl => ({
  connectionFault: null,
  latencyMs: 0,
  failNext: null,
  failAlways: null,
  stall: null,
  hold: false,
  resultPolls: 2,
  holdInProgress: false,
});

/** An image field as the service decoded it. */
export interface ReceivedImage {
  sha256: string;
  width: number;
  height: number;
  hasAlpha: boolean;
  /** The part's own content type and file name. */
  type: string;
  filename: string;
  /** Pixels whose grey is at least half white: a mask's painted region. */
  whitePixels: number;
}

/** One multipart request as Stability received it (valid or not). */
export interface RecordedRequest {
  /** "generate/core", "edit/inpaint", "upscale/fast"… */
  endpoint: string;
  accept: string | undefined;
  /** The text fields, in order. */
  fields: Record<string, string>;
  /** The names of every part, files included, in the order sent. */
  order: string[];
  images: Record<string, ReceivedImage>;
  /** The status it was answered (0 while held, or when the client went away first). */
  status: number;
}

export interface StabilityState {
  apiKey: string;
  email: string;
  credits: number;
  control: FakeStabilityControl;
  connectionFaults: ConnectionFaultCounts;
  requests: RecordedRequest[];
  /** Requests whose client went away before they were answered (held or stalled). */
  abandoned: string[];
  stalls: { started: number; abandoned: number };
  calls: { image: number; results: number; account: number; balance: number };
  /** Creative Upscale results by id: the image, and how many more GETs answer 202. */
  results: Map<string, { image: Buffer; pollsLeft: number }>;
  url: string;
}

export function createState(apiKey: string, email: string): StabilityState {
  return {
    apiKey,
    email,
    credits: 42.5,
    control: normalService(),
    connectionFaults: { matched: 0, faulted: 0 },
    requests: [],
    abandoned: [],
    stalls: { started: 0, abandoned: 0 },
    calls: { image: 0, results: 0, account: 0, balance: 0 },
    results: new Map(),
    url: "",
  };
}

/** Back to normal service, with nothing recorded. */
export function resetState(state: StabilityState) {
  Object.assign(state.control, normalService());
  state.requests.length = 0;
  state.abandoned.length = 0;
  state.results.clear();
  Object.assign(state.stalls, { started: 0, abandoned: 0 });
  Object.assign(state.connectionFaults, { matched: 0, faulted: 0 });
  Object.assign(state.calls, { image: 0, results: 0, account: 0, balance: 0 });
}

/** The failure the next request of this kind meets (a result's GET meets only "expired"), taken. */
export function takeFailure(state: StabilityState, onResult: boolean): StabilityFailure | null {
  const { control } = state;
  const applies = (kind: StabilityFailure) => (kind === "expired") === onResult;
  if (control.failNext && control.failNext.count > 0 && applies(control.failNext.kind)) {
    const { kind } = control.failNext;
    control.failNext.count--;
    if (control.failNext.count === 0) control.failNext = null;
    return kind;
  }
  return control.failAlways && applies(control.failAlways) ? control.failAlways : null;
}
