import { bufferedFetch } from "./buffered-fetch.server";
import { isProviderError, MAX_OUTPUT_BYTES, readCapped, transportError } from "./fal-http.server";
import { toForm, type FormFields } from "./stability-http.server";
import { ProviderAnswerError, ProviderError, ProviderRefusalError, ProviderRetryableError } from "./provider";

/** Recraft's API host; a base URL (a gateway, or a test's fake) stands in for it. */
export const RECRAFT_API_HOST = "external.api.recraft.ai";
const MAX_DETAIL_CHARS = 300;

/** Where Motif reaches Recraft, and the token it signs in with (RECRAFT_API_KEY). */
export interface RecraftConnection {
  apiKey: string;
  /** RECRAFT_BASE_URL: replaces https://external.api.recraft.ai for a gateway or a test's fake. */
  baseUrl?: string;
}

/** A path of the v1 API ("/images/generations") on the API or on the base URL. */
export function recraftUrl(path: string, baseUrl: string | undefined): string {
  const base = new URL(baseUrl ?? `https://${RECRAFT_API_HOST}`);
  return `${base.origin}${base.pathname.replace(/\/$/, "")}/v1${path}`;
}

/** One image of an answer: a link (kept by Recraft about a day) or the bytes in base64. */
export interface RecraftImage {
  url?: string;
  b64_json?: string;
}

/**
 * One authenticated call answered with JSON: a JSON body, or a multipart form (images as files).
 * Error answers are sorted into the provider's errors; Motif never retries here (the job runner
 * alone decides on retries).
 */
export async function recraftCall(
  connection: RecraftConnection,
  path: string,
  body: { json?: unknown; form?: FormFields | FormData },
  signal: AbortSignal,
): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await bufferedFetch(recraftUrl(path, connection.baseUrl), {
      method: body.json !== undefined || body.form ? "POST" : "GET",
      headers: {
        Authorization: `Bearer ${connection.apiKey}`,
        Accept: "application/json",
        ...(body.json !== undefined ? { "Content-Type": "application/json" } : {}),
      },
      body:
        body.json !== undefined
          ? JSON.stringify(body.json)
          : body.form instanceof FormData
            ? body.form
            : body.form
              ? toForm(body.form)
              : undefined,
      signal,
    });
  } catch (error) {
    throw transportError(error, signal);
  }
  let text: string;
  try {
    text = (await readCapped(response, signal, MAX_OUTPUT_BYTES, "The image service's answer is")).toString("utf8");
  } catch (error) {
    throw isProviderError(error) ? error : transportError(error, signal);
  }
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    if (response.ok)
      throw new ProviderAnswerError("The image service answered in a form Motif does not know (not JSON)");
  }
  if (!response.ok) throw classifyRecraftError(response.status, parsed);
  if (!parsed || typeof parsed !== "object") {
    throw new ProviderAnswerError("The image service answered in a form Motif does not know (no object)");
  }
  return parsed as Record<string, unknown>;
}

/** The images of a generation's answer ({data: [...]}) or of a one-image tool's ({image: {...}}). */
export function imagesOf(answer: Record<string, unknown>): RecraftImage[] {
  const list = Array.isArray(answer.data) ? answer.data : answer.image ? [answer.image] : [];
  const images = list.filter(
    (item): item is RecraftImage =>
      Boolean(item) &&
      typeof item === "object" &&
      (typeof (item as RecraftImage).url === "string" || typeof (item as RecraftImage).b64_json === "string"),
  );
  if (images.length === 0) throw new ProviderAnswerError("The image service answered without an image");
  return images;
}

/**
 * What an error answer of Recraft's means for Motif. Its errors are {code, message} (some
 * gateways answer {error: {code, message}}); moderation is said in the code or the words.
 */
export function classifyRecraftError(status: number, body: unknown): Error {
  const { code, detail } = recraftDetail(body);
  const said = detail ? `: ${detail}` : "";
  if (/moderation|inappropriate|nsfw|content_policy|safety/i.test(`${code} ${detail}`)) {
    return new ProviderRefusalError("The image service declined this request under its content policy");
  }
  if (status === 401 || status === 403)
    return new ProviderError(`The image service refused the key (HTTP ${status})${said}`);
  if (status === 402 || /not_enough_credits|insufficient/i.test(code))
    return new ProviderError(`The Recraft account has no API units left (HTTP ${status})${said}`);
  if (status === 429 || status >= 500)
    return new ProviderRetryableError(`The image service is busy (HTTP ${status})${said}`);
  return new ProviderError(`The image service rejected the request (HTTP ${status})${said}`);
}

/** Recraft's own words from an error answer, on one line and bounded, and its error's code. */
export function recraftDetail(body: unknown): { code: string; detail: string } {
  let text = "";
  let code = "";
  if (typeof body === "string") text = body;
  else if (body && typeof body === "object") {
    const inner = (body as { error?: unknown }).error;
    const source = (inner && typeof inner === "object" ? inner : body) as { code?: unknown; message?: unknown };
    if (typeof source.code === "string") code = source.code;
    if (typeof source.message === "string") text = source.message;
  }
  text = text.replace(/\s+/g, " ").trim();
  return { code, detail: text.length > MAX_DETAIL_CHARS ? `${text.slice(0, MAX_DETAIL_CHARS)}…` : text };
}

export { isProviderError, transportError };
