import { bufferedFetch } from "./buffered-fetch.server";
import { isProviderError, transportError } from "./fal-http.server";
import { ProviderAnswerError, ProviderError, ProviderRefusalError, ProviderRetryableError } from "./provider";

/** BFL's global API; BFL_BASE_URL moves it (api.eu.bfl.ai, api.us.bfl.ai, a gateway, a test's fake). */
export const BFL_DEFAULT_BASE_URL = "https://api.bfl.ai";
const MAX_DETAIL_CHARS = 300;

/** Where Motif reaches BFL, and the key it signs in with (BFL_API_KEY, sent as x-key). */
export interface BflConnection {
  key: string;
  baseUrl?: string;
}

/** The root of the API, without a trailing slash. */
export function bflRoot(baseUrl: string | undefined): string {
  const base = new URL(baseUrl ?? BFL_DEFAULT_BASE_URL);
  return `${base.origin}${base.pathname.replace(/\/$/, "")}`;
}

/**
 * Whether the key may go with a request to `address`: only to BFL's own API hosts (a task's
 * polling_url names a regional one, api.us1.bfl.ai) or to the base URL the operator set, never
 * to whatever address an answer names.
 */
export function isBflAddress(address: string, baseUrl: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  if (url.origin === new URL(bflRoot(baseUrl)).origin) return true;
  return url.protocol === "https:" && /(^|\.)bfl\.(ai|ml)$/.test(url.hostname);
}

export interface BflCall {
  body?: unknown;
  signal: AbortSignal;
  /** Error statuses answered to the caller instead of thrown (a poll's 404 "Task not found"). */
  accept?: number[];
}

/**
 * One call to BFL's API with the key: its JSON answer, or an error already sorted into the
 * provider's errors. Motif never retries here: the job runner alone decides on retries.
 */
export async function bflJson(
  connection: BflConnection,
  address: string,
  call: BflCall,
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await bufferedFetch(address.startsWith("/") ? `${bflRoot(connection.baseUrl)}${address}` : address, {
      method: call.body === undefined ? "GET" : "POST",
      headers: {
        "x-key": connection.key,
        Accept: "application/json",
        ...(call.body !== undefined ? { "Content-Type": "application/json" } : {}),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
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
  const json = /\bjson\b/i.test(response.headers.get("content-type") ?? "");
  const body = parseBody(text);
  if (response.ok || call.accept?.includes(response.status)) {
    // A proxy's login page or an HTML error page answered instead of BFL.
    if (!json || typeof body !== "object" || body === null) {
      const type = response.headers.get("content-type")?.split(";")[0] || "no content type";
      throw new ProviderAnswerError(`The image service answered ${type} where BFL's API answers JSON`);
    }
    return { status: response.status, body };
  }
  throw classifyBflError(response.status, body, response.headers.get("retry-after"));
}

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/**
 * What an error answer of BFL's means for Motif. Its errors are FastAPI's: {detail} as a
 * sentence, or as a list of {loc, msg, type} for a body it refused (422).
 */
export function classifyBflError(status: number, body: unknown, retryAfter: string | null = null): Error {
  const detail = bflDetail(body);
  const said = detail ? `: ${detail}` : "";
  if ((status === 400 || status === 422) && isModeration(detail)) {
    return new ProviderRefusalError("The image service declined this request under its content policy");
  }
  if (status === 402) {
    return new ProviderError(
      `The BFL account of BFL_API_KEY has no credits left (HTTP 402)${said}. Add credits at https://dashboard.bfl.ai`,
    );
  }
  if (status === 401 || status === 403) return new ProviderError(`BFL refused the key (HTTP ${status})${said}`);
  if (status === 429 || status >= 500) {
    const wait = retryAfter && /^\d+$/.test(retryAfter) ? ` (try again in ${retryAfter} s)` : "";
    return new ProviderRetryableError(`The image service is busy (HTTP ${status})${said}${wait}`);
  }
  return new ProviderError(`The image service rejected the request (HTTP ${status})${said}`);
}

/** BFL's own words from an answer ({detail} or {details}), on one line and bounded. */
export function bflDetail(body: unknown): string {
  let text = "";
  if (typeof body === "string") text = body;
  else if (body && typeof body === "object") {
    const { detail, details } = body as { detail?: unknown; details?: unknown };
    const given = detail ?? details;
    if (typeof given === "string") text = given;
    else if (Array.isArray(given))
      text = given
        .map((item) => {
          if (!item || typeof item !== "object") return String(item);
          const { loc, msg } = item as { loc?: unknown; msg?: unknown };
          const where = Array.isArray(loc) ? loc.filter((part) => part !== "body").join(".") : "";
          return `${where ? `${where}: ` : ""}${String(msg ?? "")}`;
        })
        .join("; ");
    else if (given && typeof given === "object") text = JSON.stringify(given);
  }
  text = text.replace(/\s+/g, " ").trim();
  return text.length > MAX_DETAIL_CHARS ? `${text.slice(0, MAX_DETAIL_CHARS)}…` : text;
}

const isModeration = (text: string) => /moderat|nsfw|content policy|safety (filter|system)/i.test(text);

export { isProviderError, transportError };
