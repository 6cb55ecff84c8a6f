// The fake Recraft API's state, one object its parts share: how it is told to behave (`control`),
// what it records for the tests, the custom styles made and the results it delivers.
import type { ConnectionFaultCounts, ConnectionFaultRule } from "../connection-faults.ts";

/** Failures as Recraft answers them: 429, 500, a moderated prompt (400), no API units left (402). */
export type RecraftFailure = "rate_limit" | "server_error" | "moderated" | "not_enough_credits";

/**
 * How a result's link answers: expired (404), HTML, bytes that are not an image, or, for an SVG,
 * a document holding a script or an outside reference.
 */
export type ResultFault = "expired" | "html" | "not_an_image" | "svg_script" | "svg_outside_link" | null;

export interface FakeRecraftControl {
  /** A connection fault played on matching requests (tests/fakes/connection-faults.ts). */
  connectionFault: ConnectionFaultRule | null;
  /** Added before every answer. */
  latencyMs: number;
  /** The next N calls to an image endpoint fail with this kind, then normal service resumes. */
  failNext: { kind: RecraftFailure; count: number } | null;
  /** Every call to an image endpoint fails with this kind until changed. */
  failAlways: RecraftFailure | null;
  /** How result links answer. */
  result: ResultFault;
  /** The fault is played on this many downloads, then links answer normally (null: on every one). */
  resultTimes: number | null;
  /** The next N generations are drawn 2:1 whatever size was asked (a model that ignores it). */
  wrongShape: number;
  /** Sends 200, its headers and a first byte, then nothing: on an image call, or on a result link. */
  stall: "call" | "result" | null;
}

export const normalService = (): FakeRecraftControl => ({
  connectionFault: null,
  latencyMs: 0,
  failNext: null,
  failAlways: null,
  result: null,
  resultTimes: null,
  wrongShape: 0,
  stall: null,
});

/** An input image as Recraft received it. */
export interface ReceivedImage {
  width: number;
  height: number;
  hasAlpha: boolean;
  /** Channels as decoded: 1 for a grey mask. */
  channels: number;
  /** Pixels at least half white: a mask's painted region. */
  whitePixels: number;
  bytes: number;
}

/** One call to an image endpoint or /styles, as received (valid or not). */
export interface RecordedCall {
  path: string;
  /** The JSON body, or the multipart text fields. */
  fields: Record<string, unknown>;
  /** Multipart files by field, in order (a style's several `file` parts). */
  files: Record<string, ReceivedImage[]>;
  authorization: string | undefined;
  status: number;
}

export interface RecraftState {
  key: string;
  credits: number;
  control: FakeRecraftControl;
  connectionFaults: ConnectionFaultCounts;
  calls: RecordedCall[];
  /** Result downloads, with the Authorization each came with (links need none). */
  downloads: { path: string; authorization: string | undefined }[];
  stalls: { started: number; abandoned: number };
  /** Custom styles made, by id: their base style and how many pictures. */
  styles: Map<string, { style: string; files: number }>;
  results: Map<string, { contentType: string; data: Buffer }>;
  url: string;
}

export function createState(key: string, credits: number): RecraftState {
  return {
    key,
    credits,
    control: normalService(),
    connectionFaults: { matched: 0, faulted: 0 },
    calls: [],
    downloads: [],
    stalls: { started: 0, abandoned: 0 },
    styles: new Map(),
    results: new Map(),
    url: "",
  };
}

/** Back to normal service, with nothing recorded (the styles made are kept, as Recraft keeps them). */
export function resetState(state: RecraftState) {
  Object.assign(state.control, normalService());
  state.calls.length = 0;
  state.downloads.length = 0;
  Object.assign(state.stalls, { started: 0, abandoned: 0 });
  Object.assign(state.connectionFaults, { matched: 0, faulted: 0 });
}
