import { answeredImage } from "./answered-image.server";
import { bufferedFetch } from "./buffered-fetch.server";
import {
  ProviderAnswerError,
  ProviderError,
  ProviderRefusalError,
  ProviderRetryableError,
  type GeneratedImage,
} from "./provider";

/** fal's API hosts; a base URL (a gateway, or a test's fake) stands in for all of them. */
const FAL_HOSTS = new Set(["fal.run", "queue.fal.run", "rest.fal.ai", "rest.alpha.fal.ai", "api.fal.ai"]);
/** The largest output image Motif downloads: a 1 MP PNG is a few MB. */
export const MAX_OUTPUT_BYTES = 32 * 1024 * 1024;
/** An upscaler's answer may be 8192 px on a side: a detailed one is far over 32 MB as a PNG. */
export const MAX_UPSCALED_BYTES = 256 * 1024 * 1024;
const MAX_DETAIL_CHARS = 300;

/** The address to call: fal's own, or the same path on the base URL. */
export function falUrl(url: string, baseUrl: string | undefined): string {
  if (!baseUrl) return url;
  const target = new URL(url);
  if (!FAL_HOSTS.has(target.hostname)) return url;
  const base = new URL(baseUrl);
  return `${base.origin}${base.pathname.replace(/\/$/, "")}${target.pathname}${target.search}`;
}

/**
 * The fetch fal's client calls with: onto the base URL, bounded by `signal`, its body sent
 * as bytes (buffered-fetch.server.ts: storage uploads cannot outlive a failed request), and every
 * failure already sorted into the provider's errors. fal's client retries its queue
 * calls by itself (up to five times, not configurable per call); errors it does not
 * recognise reach the caller at once, so the job runner alone decides on retries and
 * the number of calls per job stays bounded.
 */
export function falFetch(signal: AbortSignal, baseUrl: string | undefined): typeof fetch {
  return async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const signals = init?.signal ? [signal, init.signal] : [signal];
    let response: Response;
    try {
      response = await bufferedFetch(falUrl(url, baseUrl), { ...init, signal: AbortSignal.any(signals) });
    } catch (error) {
      throw transportError(error, signal);
    }
    if (!response.ok) throw await falResponseError(response);
    return response;
  };
}

/** A request that never got an answer: the service unreachable, or the call given up. */
export function transportError(error: unknown, signal?: AbortSignal): Error {
  if (isProviderError(error)) return error;
  if (signal?.aborted) return new ProviderRetryableError("The request to the image service was stopped");
  const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : "";
  return new ProviderRetryableError(`The image service could not be reached${cause ? ` (${cause})` : ""}`);
}

export const isProviderError = (error: unknown): error is Error =>
  error instanceof ProviderError || error instanceof ProviderRefusalError || error instanceof ProviderRetryableError;

async function falResponseError(response: Response): Promise<Error> {
  let body: unknown = null;
  try {
    const text = await response.text();
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  } catch {
    // The status alone decides.
  }
  const error = classifyFalError(response.status, body, response.headers.get("x-fal-retryable"));
  const errorType = body && typeof body === "object" ? (body as { error_type?: unknown }).error_type : undefined;
  answers.set(error, {
    status: response.status,
    errorType: typeof errorType === "string" ? errorType : undefined,
    detail: detailOf(body),
  });
  return error;
}

/** The answers fal's errors came from, for callers that tell an HTTP error from a lost connection. */
const answers = new WeakMap<Error, { status: number; errorType: string | undefined; detail: string }>();

/** The HTTP status, `error_type` and detail of fal's answer an error came from; undefined when fal never answered. */
export const falAnswerOf = (error: unknown) => (error instanceof Error ? answers.get(error) : undefined);

/**
 * What an error answer of fal's means for Motif. Model errors carry `detail` as a list
 * of {loc, msg, type}; request errors carry `detail` as a sentence and an `error_type`.
 */
export function classifyFalError(status: number, body: unknown, retryableHeader: string | null = null): Error {
  const detail = detailOf(body);
  if (isContentPolicy(status, body, detail)) {
    return new ProviderRefusalError("The image service declined this request under its content policy");
  }
  if (status === 401 || status === 403) {
    return new ProviderError(`The image service refused the key (HTTP ${status})${detail ? `: ${detail}` : ""}`);
  }
  if (status === 429 || status >= 500 || retryableHeader === "true") {
    return new ProviderRetryableError(`The image service is busy (HTTP ${status})${detail ? `: ${detail}` : ""}`);
  }
  return new ProviderError(`The image service rejected the request (HTTP ${status})${detail ? `: ${detail}` : ""}`);
}

function detailOf(body: unknown): string {
  let text = "";
  if (typeof body === "string") text = body;
  else if (body && typeof body === "object") {
    const { detail, message, error } = body as { detail?: unknown; message?: unknown; error?: unknown };
    if (typeof detail === "string") text = detail;
    else if (Array.isArray(detail))
      text = detail
        .map((item) =>
          item && typeof item === "object" ? String((item as { msg?: unknown }).msg ?? "") : String(item),
        )
        .filter(Boolean)
        .join("; ");
    else if (typeof message === "string") text = message;
    else if (typeof error === "string") text = error;
  }
  text = text.replace(/\s+/g, " ").trim();
  return text.length > MAX_DETAIL_CHARS ? `${text.slice(0, MAX_DETAIL_CHARS)}…` : text;
}

function isContentPolicy(status: number, body: unknown, detail: string): boolean {
  if (body && typeof body === "object") {
    const { detail: items, error_type: errorType } = body as { detail?: unknown; error_type?: unknown };
    if (errorType === "content_policy_violation") return true;
    if (
      Array.isArray(items) &&
      items.some(
        (item) => item && typeof item === "object" && (item as { type?: unknown }).type === "content_policy_violation",
      )
    )
      return true;
  }
  // Models not yet on the typed errors say it in words.
  return (
    (status === 400 || status === 422) && /content (policy|checker)|nsfw|safety (system|checker|filter)/i.test(detail)
  );
}

/** How a download names what it fetches, in its error messages. */
interface Fetched {
  /** "an image", "a LoRA file" */
  a: string;
  /** "The image", "The LoRA file" */
  the: string;
}
const IMAGE: Fetched = { a: "an image", the: "The image" };

/**
 * Downloads one output image: http(s) only, at most `maxBytes` (MAX_OUTPUT_BYTES), stopped with
 * `signal`, decoded whole; a JPEG (fal's default format) becomes a PNG.
 */
export async function downloadImage(
  address: string,
  signal: AbortSignal,
  maxBytes = MAX_OUTPUT_BYTES,
): Promise<GeneratedImage> {
  return answeredImage(await downloadFile(address, signal, maxBytes, IMAGE));
}

/**
 * Downloads one file fal made, whatever its bytes (a LoRA's weights, say): http(s) only, at most
 * `maxBytes`, stopped with `signal`; failures said as provider errors naming `what`. An address
 * Motif cannot fetch, or a link that is gone or refused, is an answer it cannot use: not retried.
 */
export async function downloadFile(
  address: string,
  signal: AbortSignal,
  maxBytes: number,
  what: Fetched = { a: "a file", the: "The file" },
): Promise<Buffer> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new ProviderAnswerError(`The image service returned ${what.a} address that is not valid`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ProviderAnswerError(`The image service returned ${what.a} address Motif does not fetch`);
  }
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch (error) {
    throw transportError(error, signal);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    if (response.status >= 500 || response.status === 429) {
      throw new ProviderRetryableError(`${what.the} could not be downloaded (HTTP ${response.status})`);
    }
    const gone = [403, 404, 410].includes(response.status) ? ": its link has expired or was refused" : "";
    throw new ProviderAnswerError(`${what.the} could not be downloaded (HTTP ${response.status})${gone}`);
  }
  return readCapped(response, signal, maxBytes, `The image service returned ${what.a}`);
}

/**
 * A response's body, refused once it passes `maxBytes` (by its Content-Length, or as it streams):
 * `what` begins the sentence that says so ("The trained weights are").
 */
export async function readCapped(
  response: Response,
  signal: AbortSignal,
  maxBytes: number,
  what: string,
): Promise<Buffer> {
  const tooLarge = () => new ProviderAnswerError(`${what} over ${maxBytes / 1024 / 1024} MB`);
  if (Number(response.headers.get("content-length") ?? 0) > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for await (const chunk of response.body ?? []) {
      total += chunk.length;
      if (total > maxBytes) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    await response.body?.cancel().catch(() => {});
    throw transportError(error, signal);
  }
  return Buffer.concat(chunks);
}
