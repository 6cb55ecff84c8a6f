import { bufferedFetch } from "./buffered-fetch.server";
import { isProviderError, transportError } from "./fal-http.server";
import { ProviderError, ProviderRefusalError, ProviderRetryableError } from "./provider";

/** Replicate's API host; a base URL (a gateway, or a test's fake) stands in for it. */
export const REPLICATE_API_HOST = "api.replicate.com";
const MAX_DETAIL_CHARS = 300;

/** Where Motif reaches Replicate, and the token it signs in with (REPLICATE_API_TOKEN). */
export interface ReplicateConnection {
  token: string;
  /** REPLICATE_BASE_URL: replaces https://api.replicate.com for a gateway or a test's fake. */
  baseUrl?: string;
}

/**
 * The address to call: a path ("/v1/account") on the API, or an address Replicate answered
 * (a prediction's urls.get), moved onto the base URL when it names Replicate's API host.
 */
export function replicateUrl(pathOrUrl: string, baseUrl: string | undefined): string {
  const base = new URL(baseUrl ?? `https://${REPLICATE_API_HOST}`);
  const root = `${base.origin}${base.pathname.replace(/\/$/, "")}`;
  if (pathOrUrl.startsWith("/")) return `${root}${pathOrUrl}`;
  const target = new URL(pathOrUrl);
  if (!baseUrl || target.hostname !== REPLICATE_API_HOST) return pathOrUrl;
  return `${root}${target.pathname}${target.search}`;
}

/**
 * Whether the token may go with a request to `address`: only to Replicate's own hosts (its API
 * and its file delivery) or to the base URL the operator set, never to whatever address an
 * answer names.
 */
export function isReplicateAddress(address: string, baseUrl: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  if (baseUrl && url.origin === new URL(baseUrl).origin) return true;
  return (
    url.protocol === "https:" &&
    (url.hostname === REPLICATE_API_HOST ||
      url.hostname === "replicate.delivery" ||
      url.hostname.endsWith(".replicate.delivery"))
  );
}

export interface ReplicateCall {
  method?: "GET" | "POST";
  /** JSON, or a FormData (a file upload). */
  body?: unknown;
  headers?: Record<string, string>;
  signal: AbortSignal;
  /** Error statuses answered to the caller instead of thrown (409 when a model already exists). */
  accept?: number[];
}

/**
 * One authenticated call to Replicate's API: its JSON answer, or an error already sorted into
 * the provider's errors. Motif never retries here: the job runner alone decides on retries.
 */
export async function replicateJson(
  connection: ReplicateConnection,
  pathOrUrl: string,
  call: ReplicateCall,
): Promise<{ status: number; body: unknown }> {
  const form = call.body instanceof FormData;
  let response: Response;
  try {
    response = await bufferedFetch(replicateUrl(pathOrUrl, connection.baseUrl), {
      method: call.method ?? (call.body === undefined ? "GET" : "POST"),
      headers: {
        Authorization: `Bearer ${connection.token}`,
        Accept: "application/json",
        ...(call.body !== undefined && !form ? { "Content-Type": "application/json" } : {}),
        ...call.headers,
      },
      body: call.body === undefined ? undefined : form ? (call.body as FormData) : JSON.stringify(call.body),
      signal: call.signal,
    });
  } catch (error) {
    throw transportError(error, call.signal);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw transportError(error, call.signal);
  }
  const body = parseBody(text);
  if (response.ok || call.accept?.includes(response.status)) return { status: response.status, body };
  throw classifyReplicateError(response.status, body, response.headers.get("retry-after"));
}

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/**
 * What an error answer of Replicate's means for Motif. Its errors are problem details
 * ({title, detail, status}); older endpoints answer {detail} alone.
 */
export function classifyReplicateError(status: number, body: unknown, retryAfter: string | null = null): Error {
  const detail = replicateDetail(body);
  const said = detail ? `: ${detail}` : "";
  if (isRefusal(detail)) {
    return new ProviderRefusalError("The image service declined this request under its content policy");
  }
  if (status === 401 || status === 403)
    return new ProviderError(`The image service refused the token (HTTP ${status})${said}`);
  if (status === 429 || status >= 500) {
    const wait = retryAfter && /^\d+$/.test(retryAfter) ? ` (try again in ${retryAfter} s)` : "";
    return new ProviderRetryableError(`The image service is busy (HTTP ${status})${said}${wait}`);
  }
  return new ProviderError(`The image service rejected the request (HTTP ${status})${said}`);
}

/** Replicate's own words from an error answer, on one line and bounded. */
export function replicateDetail(body: unknown): string {
  let text = "";
  if (typeof body === "string") text = body;
  else if (body && typeof body === "object") {
    const { detail, title } = body as { detail?: unknown; title?: unknown };
    text = typeof detail === "string" && detail.trim() ? detail : typeof title === "string" ? title : "";
  }
  text = text.replace(/\s+/g, " ").trim();
  return text.length > MAX_DETAIL_CHARS ? `${text.slice(0, MAX_DETAIL_CHARS)}…` : text;
}

/** How Replicate's models say they refused: its safety checker's words, not a code. */
export const isRefusal = (text: string) =>
  /nsfw|flagged as sensitive|sensitive content|content (policy|moderation|filter)|safety (checker|filter|system)/i.test(
    text,
  );

export { isProviderError, transportError };
