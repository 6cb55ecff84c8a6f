// What the fake Azure OpenAI holds: its deployments and credentials, how it misbehaves
// (`control`, also set by POST /__control), and what it received.
import type { ConnectionFaultCounts, ConnectionFaultRule } from "../connection-faults.ts";
import type { RecordedRequest } from "../openai-images.ts";

export type AzureFailure = "content_filter" | "rate_limit" | "server_error";

export interface FakeAzureControl {
  /** A connection fault played on matching requests (tests/fakes/connection-faults.ts). */
  connectionFault: ConnectionFaultRule | null;
  /** Every image request fails so until changed. */
  failAlways: AzureFailure | null;
  /** Image requests whose prompt contains this text are refused by the content filter. */
  refusePrompt: string | null;
  /** Image requests get 200, headers and a first byte, then nothing until the client goes. */
  stall: boolean;
  /** Image requests get no answer at all until the client goes (a long generation). */
  hold: boolean;
  /**
   * What a successful answer carries: the image as base64 (as Azure answers), an address on
   * this fake that serves it, one that is gone (404), an HTML page instead of JSON, or
   * base64 that is not an image.
   */
  answer: "b64_json" | "url" | "expired_url" | "html" | "not_image";
}

export const normalService = (): FakeAzureControl => ({
  connectionFault: null,
  failAlways: null,
  refusePrompt: null,
  stall: false,
  hold: false,
  answer: "b64_json",
});

export interface AzureRecordedRequest extends RecordedRequest {
  deployment: string;
  apiVersion: string | null;
  /** The `api-key` header, when sent. */
  apiKey: string | null;
}

export interface AzureState {
  url: string;
  apiKey: string;
  token: string;
  /** Deployment name → the model it runs. */
  deployments: Record<string, string>;
  apiVersions: Set<string>;
  control: FakeAzureControl;
  connectionFaults: ConnectionFaultCounts;
  requests: AzureRecordedRequest[];
  /** The credential each models listing came with. */
  modelListings: string[];
  /** Answers stalled after their headers, and requests held without any. */
  stalls: { started: number; abandoned: number };
  holds: { started: number; abandoned: number };
  /** Images served at /images/<id>.png for `answer: "url"`. */
  served: Map<string, Buffer>;
}

export function createState(options: { apiKey: string; token: string; deployments: Record<string, string> }) {
  const state: AzureState = {
    url: "",
    apiKey: options.apiKey,
    token: options.token,
    deployments: options.deployments,
    apiVersions: new Set(["2024-10-21", "2025-03-01-preview", "2025-04-01-preview"]),
    control: normalService(),
    connectionFaults: { matched: 0, faulted: 0 },
    requests: [],
    modelListings: [],
    stalls: { started: 0, abandoned: 0 },
    holds: { started: 0, abandoned: 0 },
    served: new Map(),
  };
  return state;
}

export function resetState(state: AzureState) {
  Object.assign(state.control, normalService());
  state.requests.length = 0;
  state.modelListings.length = 0;
  Object.assign(state.stalls, { started: 0, abandoned: 0 });
  Object.assign(state.holds, { started: 0, abandoned: 0 });
  Object.assign(state.connectionFaults, { matched: 0, faulted: 0 });
  state.served.clear();
}
