import { answeredImage } from "./answered-image.server";
import { bufferedFetch } from "./buffered-fetch.server";
import { isProviderError, MAX_OUTPUT_BYTES, readCapped, transportError } from "./fal-http.server";
import { ProviderAnswerError, ProviderError, ProviderRetryableError, type GeneratedImage } from "./provider";

const MAX_DETAIL_CHARS = 300;
/** An answer carries its image as base64 (4 characters per 3 bytes) beside a little JSON. */
const MAX_ANSWER_BYTES = Math.ceil((MAX_OUTPUT_BYTES * 4) / 3) + 1024 * 1024;

/** Where Motif reaches the WebUI, and how it signs in (A1111_AUTH, its --api-auth). */
export interface A1111Connection {
  /** A1111_URL: the WebUI started with --api. */
  baseUrl: string;
  /** A1111_AUTH: "user:password", sent as HTTP Basic. */
  auth?: string;
}

export function a1111Url(path: string, baseUrl: string): string {
  const base = new URL(baseUrl);
  return `${base.origin}${base.pathname.replace(/\/$/, "")}${path}`;
}

export function a1111Headers(connection: A1111Connection): Record<string, string> {
  return {
    Accept: "application/json",
    ...(connection.auth ? { Authorization: `Basic ${Buffer.from(connection.auth).toString("base64")}` } : {}),
  };
}

/**
 * One call to the WebUI's API: its JSON answer, or an error already sorted into the provider's
 * errors. Motif never retries here: the job runner alone decides on retries.
 */
export async function a1111Json(
  connection: A1111Connection,
  path: string,
  call: { body?: unknown; signal: AbortSignal },
): Promise<unknown> {
  let response: Response;
  try {
    response = await bufferedFetch(a1111Url(path, connection.baseUrl), {
      method: call.body === undefined ? "GET" : "POST",
      headers: {
        ...a1111Headers(connection),
        ...(call.body !== undefined ? { "Content-Type": "application/json" } : {}),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: call.signal,
    });
  } catch (error) {
    throw transportError(error, call.signal);
  }
  const text = (await readCapped(response, call.signal, MAX_ANSWER_BYTES, "The WebUI's answer is")).toString();
  const body = parseBody(text);
  if (!response.ok) throw classifyA1111Error(response.status, body);
  const type = response.headers.get("content-type") ?? "";
  if (!/json/i.test(type) || typeof body !== "object" || body === null) {
    throw new ProviderError(
      `The WebUI answered ${type.split(";")[0] || "something"} instead of JSON: is A1111_URL the WebUI started with --api?`,
    );
  }
  return body;
}

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/**
 * What an error answer of the WebUI means for Motif. Its API answers every exception as
 * {error, detail, body, errors} (the exception's class, its HTTP detail and its words), and
 * FastAPI's request validation as {detail: [{loc, msg, type}]}. It has no content moderation.
 */
export function classifyA1111Error(status: number, body: unknown): Error {
  const detail = a1111Detail(body);
  const said = detail ? `: ${detail}` : "";
  if (status === 401 || status === 403)
    return new ProviderError(`The WebUI refused the sign-in (HTTP ${status})${said}. Check A1111_AUTH.`);
  if (status === 404 && /model not found/i.test(detail))
    return new ProviderError(`The WebUI has no such checkpoint (HTTP 404)${said}. Check A1111_MODEL.`);
  if (status === 404)
    return new ProviderError(`The WebUI has no API at this address (HTTP 404)${said}: start it with --api.`);
  if (status === 429 || status >= 500)
    return new ProviderRetryableError(`The WebUI had an error (HTTP ${status})${said}`);
  return new ProviderError(`The WebUI rejected the request (HTTP ${status})${said}`);
}

/** The WebUI's own words from an error answer, on one line and bounded. */
export function a1111Detail(body: unknown): string {
  let text = "";
  if (typeof body === "string") text = body;
  else if (body && typeof body === "object") {
    const { detail, errors, error } = body as { detail?: unknown; errors?: unknown; error?: unknown };
    if (Array.isArray(detail))
      text = detail
        .map((item) => {
          const { loc, msg } = (item ?? {}) as { loc?: unknown; msg?: unknown };
          return `${Array.isArray(loc) ? `${loc.join(".")}: ` : ""}${String(msg ?? "")}`;
        })
        .join("; ");
    else if (typeof detail === "string" && detail.trim()) text = detail;
    else if (typeof errors === "string" && errors.trim())
      text = typeof error === "string" ? `${error}: ${errors}` : errors;
    else if (typeof error === "string") text = error;
  }
  text = text.replace(/\s+/g, " ").trim();
  return text.length > MAX_DETAIL_CHARS ? `${text.slice(0, MAX_DETAIL_CHARS)}…` : text;
}

/** The first image of an answer ({images: [base64]}), decoded; a JPEG (samples_format "jpg") becomes a PNG. */
export async function firstImage(body: unknown): Promise<GeneratedImage> {
  const { images } = body as { images?: unknown };
  const encoded = Array.isArray(images) ? images[0] : undefined;
  if (typeof encoded !== "string" || !encoded) throw new ProviderAnswerError("The WebUI answered without an image");
  return answeredImage(Buffer.from(encoded.replace(/^data:[^,]*,/, ""), "base64"), "The WebUI");
}

export { isProviderError, transportError };
