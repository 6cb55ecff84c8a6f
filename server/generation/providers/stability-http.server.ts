import { answeredImage, contentTypeOf } from "./answered-image.server";
import { bufferedFetch } from "./buffered-fetch.server";
import { isProviderError, MAX_OUTPUT_BYTES, readCapped, transportError } from "./fal-http.server";
import {
  ProviderAnswerError,
  ProviderError,
  ProviderRefusalError,
  ProviderRetryableError,
  type GeneratedImage,
  type ReferenceImage,
} from "./provider";

/** Stability's API host; a base URL (a gateway, or a test's fake) stands in for it. */
export const STABILITY_API_HOST = "api.stability.ai";
const MAX_DETAIL_CHARS = 300;

/** Where Motif reaches Stability, and the key it signs in with (STABILITY_API_KEY). */
export interface StabilityConnection {
  apiKey: string;
  /** STABILITY_BASE_URL: replaces https://api.stability.ai for a gateway or a test's fake. */
  baseUrl?: string;
}

/** A path ("/v2beta/stable-image/generate/core") on the API or on the base URL. */
export function stabilityUrl(path: string, baseUrl: string | undefined): string {
  const base = new URL(baseUrl ?? `https://${STABILITY_API_HOST}`);
  return `${base.origin}${base.pathname.replace(/\/$/, "")}${path}`;
}

/** The fields of one multipart request: text, numbers, and images (as files). */
export type FormFields = Record<string, string | number | ReferenceImage | undefined>;

export function toForm(fields: FormFields): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === "object") {
      const extension = value.mimeType.split("/")[1];
      form.append(name, new Blob([new Uint8Array(value.data)], { type: value.mimeType }), `${name}.${extension}`);
    } else form.append(name, String(value));
  }
  return form;
}

interface Call {
  method?: "GET" | "POST";
  form?: FormData;
  accept: "image/*" | "application/json";
  signal: AbortSignal;
  /** What a 404 means here (a result gone), said instead of Stability's words. */
  notFound?: string;
}

/** One authenticated call; error answers already sorted into the provider's errors. */
async function call(connection: StabilityConnection, path: string, options: Call): Promise<Response> {
  let response: Response;
  try {
    response = await bufferedFetch(stabilityUrl(path, connection.baseUrl), {
      method: options.method ?? (options.form ? "POST" : "GET"),
      headers: { Authorization: `Bearer ${connection.apiKey}`, Accept: options.accept },
      body: options.form,
      signal: options.signal,
    });
  } catch (error) {
    throw transportError(error, options.signal);
  }
  if (response.ok) return response;
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw transportError(error, options.signal);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  if (response.status === 404 && options.notFound) throw new ProviderAnswerError(options.notFound);
  throw classifyStabilityError(response.status, body);
}

/**
 * A multipart POST answered with the image's bytes (Accept: image/*): a 200 carries the image
 * and a `finish-reason` header, CONTENT_FILTERED when moderation blurred it. Motif never retries
 * here: the job runner alone decides on retries.
 */
export async function postForImage(
  connection: StabilityConnection,
  path: string,
  fields: FormFields,
  signal: AbortSignal,
  maxBytes = MAX_OUTPUT_BYTES,
): Promise<GeneratedImage> {
  const response = await call(connection, path, { form: toForm(fields), accept: "image/*", signal });
  return imageOf(response, signal, maxBytes);
}

/** A multipart POST or a GET answered with JSON; 202 (a result not ready) passes as it is. */
export async function stabilityJson(
  connection: StabilityConnection,
  path: string,
  options: { fields?: FormFields; signal: AbortSignal },
): Promise<{ status: number; body: unknown }> {
  const response = await call(connection, path, {
    form: options.fields ? toForm(options.fields) : undefined,
    accept: "application/json",
    signal: options.signal,
  });
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw transportError(error, options.signal);
  }
  try {
    return { status: response.status, body: text ? JSON.parse(text) : null };
  } catch {
    throw new ProviderAnswerError("The image service answered in a form Motif does not know (not JSON)");
  }
}

/** GET of a stored result (an asynchronous job's): 202 while in progress, else the image. */
export async function getResult(
  connection: StabilityConnection,
  id: string,
  signal: AbortSignal,
  maxBytes: number,
): Promise<GeneratedImage | null> {
  const response = await call(connection, `/v2beta/results/${encodeURIComponent(id)}`, {
    accept: "image/*",
    signal,
    notFound: "The result at the image service is gone (HTTP 404): it expired or was never made",
  });
  if (response.status === 202) {
    await response.body?.cancel().catch(() => {});
    return null;
  }
  return imageOf(response, signal, maxBytes);
}

/** The image of a 200 answer: an image content type, not filtered, and bytes that decode. */
async function imageOf(response: Response, signal: AbortSignal, maxBytes: number): Promise<GeneratedImage> {
  const type = contentTypeOf(response);
  if (!type.startsWith("image/")) {
    await response.body?.cancel().catch(() => {});
    throw new ProviderAnswerError(`The image service answered ${type || "without a content type"}, not an image`);
  }
  if (response.headers.get("finish-reason") === "CONTENT_FILTERED") {
    await response.body?.cancel().catch(() => {});
    throw new ProviderRefusalError("The image service declined this request under its content policy");
  }
  return answeredImage(await readCapped(response, signal, maxBytes, "The image service returned an image"));
}

/**
 * What an error answer of Stability's means for Motif. Its v2beta errors are
 * {id, name, errors: [sentences]}; the v1 account endpoints answer {id, name, message}.
 */
export function classifyStabilityError(status: number, body: unknown): Error {
  const { name, detail } = stabilityDetail(body);
  const said = detail ? `: ${detail}` : "";
  if (name === "content_moderation" || (status === 403 && /moderation|flagged/i.test(detail))) {
    return new ProviderRefusalError("The image service declined this request under its content policy");
  }
  if (status === 401 || status === 403)
    return new ProviderError(`The image service refused the key (HTTP ${status})${said}`);
  if (status === 402) return new ProviderError(`The Stability account has no credits left (HTTP 402)${said}`);
  if (status === 429 || status >= 500)
    return new ProviderRetryableError(`The image service is busy (HTTP ${status})${said}`);
  return new ProviderError(`The image service rejected the request (HTTP ${status})${said}`);
}

/** Stability's own words from an error answer, on one line and bounded, and its error's name. */
export function stabilityDetail(body: unknown): { name: string; detail: string } {
  let text = "";
  let name = "";
  if (typeof body === "string") text = body;
  else if (body && typeof body === "object") {
    const { errors, message, name: said } = body as { errors?: unknown; message?: unknown; name?: unknown };
    if (typeof said === "string") name = said;
    if (Array.isArray(errors)) text = errors.map(String).join("; ");
    else if (typeof message === "string") text = message;
  }
  text = text.replace(/\s+/g, " ").trim();
  return { name, detail: text.length > MAX_DETAIL_CHARS ? `${text.slice(0, MAX_DETAIL_CHARS)}…` : text };
}

export { isProviderError, transportError };
