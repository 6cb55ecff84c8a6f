import { modelLabel } from "#domain/models";
import OpenAI, { toFile } from "openai";
import type { ImageEditParamsNonStreaming, ImagesResponse } from "openai/resources/images";
import type { DetailLevel, ImageSize } from "#domain/images";
import { withDeadline } from "../deadline.server";
import { answeredImage, contentTypeOf } from "./answered-image.server";
import { bufferedFetch } from "./buffered-fetch.server";
import { checkOpenAIConnection } from "./openai-check.server";
import { isProviderError, MAX_OUTPUT_BYTES, readCapped, transportError } from "./fal-http.server";
import { transparentWhereRepainted } from "../../images/edit-mask.server";
import {
  ProviderAnswerError,
  ProviderError,
  ProviderRefusalError,
  ProviderRetryableError,
  type GeneratedImage,
  type GenerateRequest,
  type GenerateResult,
  type ImageProvider,
  type ProviderCapabilities,
  type ReferenceImage,
} from "./provider";

/**
 * How a server speaks OpenAI's Images API: the gpt-image models (OpenAI's and Azure's),
 * DALL·E 3 (words only, one image a request), or an OpenAI-compatible local server (LocalAI,
 * stable-diffusion.cpp's sd-server), which takes prompt, n, size and response_format and little else.
 */
export type ImagesDialect = "gpt-image" | "dall-e-3" | "compatible";

/** The dialect of a model, unless the operator said the server is a compatible one (OPENAI_COMPATIBLE). */
export const dialectOf = (model: string, compatible = false): ImagesDialect =>
  compatible ? "compatible" : /^dall-e-3/i.test(model) ? "dall-e-3" : "gpt-image";

const gptSizes: Record<ImageSize, string> = { square: "1024x1024", portrait: "1024x1536", landscape: "1536x1024" };
const dalleSizes: Record<ImageSize, string> = { square: "1024x1024", portrait: "1024x1792", landscape: "1792x1024" };
const gptQuality: Record<DetailLevel, "low" | "medium" | "high"> = { draft: "low", standard: "medium", high: "high" };
const dalleQuality: Record<DetailLevel, "standard" | "hd"> = { draft: "standard", standard: "standard", high: "hd" };
/** The Images API takes at most 16 input images for an edit. */
export const MAX_REFERENCES = 16;

/** What each dialect can do, said honestly: the engine plans with it. */
export function capabilitiesOf(dialect: ImagesDialect, edits = false): ProviderCapabilities {
  const common = { seed: false, cancel: false, progress: false, characterReference: false };
  if (dialect === "gpt-image") {
    return {
      ...common,
      nativeAlpha: true,
      maxReferences: MAX_REFERENCES,
      sizes: gptSizes,
      detail: { draft: "quality: low", standard: "quality: medium", high: "quality: high" },
      edit: { words: true, region: true },
    };
  }
  if (dialect === "dall-e-3") {
    return {
      ...common,
      nativeAlpha: false,
      maxReferences: 0,
      sizes: dalleSizes,
      detail: { draft: "quality: standard", standard: "quality: standard", high: "quality: hd" },
      edit: { words: false, region: false, why: "DALL·E 3 draws from words only: it cannot change an existing image." },
    };
  }
  const steps = "the server's own steps (no quality setting)";
  return {
    ...common,
    nativeAlpha: false,
    maxReferences: edits ? MAX_REFERENCES : 0,
    sizes: gptSizes,
    detail: { draft: steps, standard: steps, high: steps },
    edit: edits
      ? { words: true, region: false, why: "This image server reads masks its own way: it changes whole images only." }
      : { words: false, region: false, why: "This image server draws from words only: it cannot change an image." },
  };
}

export interface ImagesApiOptions {
  client: OpenAI;
  /** Sent as `model` (Azure routes by its deployment and ignores it). */
  model: string;
  dialect: ImagesDialect;
  /** A compatible server that answers /images/edits (sd-server does; LocalAI does not). */
  edits?: boolean;
  /** Sends `moderation: "auto"`: OpenAI's own API takes it, Azure's does not document it. */
  moderation?: boolean;
  /** The API's base URL: an image answered as a `url` is fetched only from its host. */
  baseUrl: string;
  /** The longest one call may take, request to last byte (PROVIDER_TIMEOUT_SECONDS). */
  timeoutMs: number;
  /** The service's errors as provider errors. */
  classify(error: unknown): Error;
}

/**
 * Generation and edits through one OpenAI-shaped Images API, in its dialect: a generation
 * without input images, otherwise an edit of them (the base first, the mask applying to it).
 * The whole call, downloads included, is bounded by `timeoutMs`.
 */
export function imagesApi(options: ImagesApiOptions): Pick<ImageProvider, "capabilities" | "generate" | "edit"> {
  const { client, dialect } = options;
  const capabilities = capabilitiesOf(dialect, options.edits);

  function body(request: GenerateRequest, n: number) {
    const common = { model: options.model, prompt: request.prompt, n, size: capabilities.sizes[request.size] };
    const user = request.user ? { user: request.user } : {};
    if (dialect === "compatible") return { ...common, response_format: "b64_json" as const };
    if (dialect === "dall-e-3") {
      return { ...common, quality: dalleQuality[request.detail], response_format: "b64_json" as const, ...user };
    }
    return {
      ...common,
      quality: gptQuality[request.detail],
      background: request.transparent ? ("transparent" as const) : ("opaque" as const),
      output_format: "png" as const,
      ...user,
    };
  }

  async function once(
    request: GenerateRequest,
    inputs: ReferenceImage[],
    mask: Buffer | null,
    n: number,
    signal: AbortSignal,
  ) {
    const fields = body(request, n);
    let response: ImagesResponse;
    try {
      response =
        inputs.length > 0
          ? await client.images.edit(
              {
                ...fields,
                image: await Promise.all(
                  inputs
                    .slice(0, MAX_REFERENCES)
                    .map((ref, i) =>
                      toFile(ref.data, `reference-${i}.${ref.mimeType.split("/")[1]}`, { type: ref.mimeType }),
                    ),
                ),
                ...(mask ? { mask: await toFile(mask, "mask.png", { type: "image/png" }) } : {}),
                ...(dialect === "gpt-image" ? { input_fidelity: "high" as const } : {}),
                // DALL·E 3's fields never come here: it does not edit.
              } as ImageEditParamsNonStreaming,
              { signal },
            )
          : await client.images.generate(
              { ...fields, ...(options.moderation && dialect === "gpt-image" ? { moderation: "auto" as const } : {}) },
              { signal },
            );
    } catch (error) {
      throw options.classify(error);
    }
    const images = await readAnswerImages(response, { baseUrl: options.baseUrl, signal });
    const usage = response.usage
      ? { inputTokens: response.usage.input_tokens, outputTokens: response.usage.output_tokens }
      : undefined;
    return { images, usage };
  }

  /** DALL·E 3 makes one image a request: n of them are n requests. */
  async function call(
    request: GenerateRequest,
    inputs: ReferenceImage[],
    mask: Buffer | null,
  ): Promise<GenerateResult> {
    return withinDeadline(request, async (signal) => {
      if (dialect !== "dall-e-3") return once(request, inputs, mask, request.n, signal);
      const each = await Promise.all(
        Array.from({ length: Math.max(request.n, 1) }, () => once(request, inputs, mask, 1, signal)),
      );
      return { images: each.flatMap((result) => result.images) };
    });
  }

  async function withinDeadline(
    request: Pick<GenerateRequest, "signal">,
    run: (signal: AbortSignal) => Promise<GenerateResult>,
  ): Promise<GenerateResult> {
    try {
      return await withDeadline(options.timeoutMs, request.signal, run);
    } catch (error) {
      if (isProviderError(error)) throw error;
      if (request.signal?.aborted) throw new ProviderRetryableError("The request to the image service was stopped");
      throw options.classify(error);
    }
  }

  return {
    capabilities,
    generate: (request) => call(request, capabilities.maxReferences > 0 ? request.references : [], null),
    ...(capabilities.edit.words
      ? {
          edit: async (request) =>
            call(
              request,
              [request.base, ...request.references],
              request.mask && capabilities.edit.region ? await transparentWhereRepainted(request.mask) : null,
            ),
        }
      : {}),
  };
}

export interface OpenAIProviderOptions {
  /** OPENAI_API_KEY; a compatible server may need none. */
  apiKey?: string;
  /** OPENAI_BASE_URL: a gateway, a test's fake, or a compatible server's /v1. */
  baseUrl?: string;
  model: string;
  timeoutMs: number;
  /** OPENAI_COMPATIBLE: the base URL is an OpenAI-compatible server, not OpenAI's API. */
  compatible?: boolean;
  /** OPENAI_COMPATIBLE_EDITS: that server answers /images/edits. */
  compatibleEdits?: boolean;
}

/**
 * OpenAI's Images API through the official SDK, or an OpenAI-compatible server through the
 * same SDK. The SDK's own retries are off: the job runner retries, so the number of calls per
 * job stays bounded. The SDK's `timeout` stops at the response headers; the deadline bounds
 * the whole call, body and downloads included.
 */
export function createOpenAIProvider(options: OpenAIProviderOptions): ImageProvider {
  const baseUrl = options.baseUrl ?? "https://api.openai.com/v1";
  const client = new OpenAI({
    // A local server without a key gets no Authorization header at all.
    apiKey: options.apiKey ?? "none",
    ...(options.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
    baseURL: baseUrl,
    maxRetries: 0,
    timeout: options.timeoutMs,
    // Edits upload references as multipart: sent as bytes, so a failed upload cannot end the process.
    fetch: bufferedFetch,
  });
  const host = new URL(baseUrl).host;
  const dialect = dialectOf(options.model, options.compatible);
  return {
    id: "openai",
    model: options.model,
    label: modelLabel("openai", options.model),
    ...imagesApi({
      client,
      model: options.model,
      dialect,
      edits: options.compatibleEdits,
      moderation: true,
      baseUrl,
      timeoutMs: options.timeoutMs,
      classify: classifyOpenAIError,
    }),
    checkConnection: (signal) =>
      checkOpenAIConnection(client, { model: options.model, host, signal, compatible: dialect === "compatible" }),
  };
}

export function classifyOpenAIError(error: unknown): Error {
  if (
    error instanceof ProviderError ||
    error instanceof ProviderRefusalError ||
    error instanceof ProviderRetryableError
  ) {
    return error;
  }
  if (error instanceof OpenAI.APIConnectionTimeoutError || error instanceof OpenAI.APIConnectionError) {
    return new ProviderRetryableError("The image service did not answer in time");
  }
  if (error instanceof OpenAI.APIUserAbortError) return new ProviderRetryableError("The request was aborted");
  if (error instanceof OpenAI.APIError) {
    const code = (error as { code?: string | null }).code;
    if (error.status === 400 && code === "moderation_blocked") {
      return new ProviderRefusalError("The image service declined this request under its content policy");
    }
    if (error.status === 429 || (error.status !== undefined && error.status >= 500)) {
      const after = error.headers?.get("retry-after");
      return new ProviderRetryableError(
        `The image service is busy (HTTP ${error.status})${after ? `: try again in ${after} s` : ""}`,
      );
    }
    return new ProviderError(`The image service rejected the request (HTTP ${error.status}): ${error.message}`);
  }
  if (error instanceof Error && error.name === "AbortError")
    return new ProviderRetryableError("The request was aborted");
  return new ProviderError(error instanceof Error ? error.message : String(error));
}

/**
 * The images of an Images API answer: base64 data, or (from compatible servers such as LocalAI)
 * an address, fetched only from the API's own host so an answer cannot send Motif elsewhere.
 * Each must decode as an image; one that is not PNG or WebP becomes a PNG.
 */
export async function readAnswerImages(
  response: unknown,
  context: { baseUrl: string; signal: AbortSignal },
): Promise<GeneratedImage[]> {
  const items = (response as { data?: unknown } | null)?.data;
  if (!Array.isArray(items)) {
    throw new ProviderAnswerError("The image service answered something that is not an Images API answer");
  }
  if (items.length === 0) throw new ProviderAnswerError("The image service returned no images");
  return Promise.all(
    items.map(async (item: { b64_json?: unknown; url?: unknown }) => {
      if (typeof item?.b64_json === "string" && item.b64_json) {
        return answeredImage(Buffer.from(item.b64_json, "base64"));
      }
      if (typeof item?.url === "string" && item.url) return answeredImage(await fetchAnswered(item.url, context));
      throw new ProviderAnswerError("The image service returned no image data");
    }),
  );
}

/** An answered image address: on the API's host (or a data: URL), no redirects, at most MAX_OUTPUT_BYTES. */
async function fetchAnswered(address: string, context: { baseUrl: string; signal: AbortSignal }): Promise<Buffer> {
  const base = new URL(context.baseUrl);
  let url: URL;
  try {
    url = new URL(address, base);
  } catch {
    throw new ProviderAnswerError("The image service returned an image address that is not valid");
  }
  if (url.protocol === "data:") {
    const data = /^data:image\/[\w.+-]+;base64,(.*)$/s.exec(address)?.[1];
    if (!data) throw new ProviderAnswerError("The image service returned a data: address that is not an image");
    return Buffer.from(data, "base64");
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.host !== base.host) {
    // The operator's own host is not named: the sentence is shown to the person.
    throw new ProviderAnswerError(
      `The image service returned an image at another address (${url.host}), which Motif does not fetch`,
    );
  }
  let response: Response;
  try {
    // A redirect could lead anywhere: refused, like another host.
    response = await fetch(url, { signal: context.signal, redirect: "manual" });
  } catch (error) {
    throw transportError(error, context.signal);
  }
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel().catch(() => {});
    throw new ProviderAnswerError(
      `The image service's image link redirected (HTTP ${response.status}): Motif does not follow it`,
    );
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    if (response.status === 429 || response.status >= 500) {
      throw new ProviderRetryableError(`The image could not be downloaded (HTTP ${response.status})`);
    }
    const gone = response.status === 404 || response.status === 410 ? ": the link has expired or never existed" : "";
    throw new ProviderAnswerError(`The image could not be downloaded (HTTP ${response.status})${gone}`);
  }
  const type = contentTypeOf(response);
  if (type && !type.startsWith("image/") && type !== "application/octet-stream") {
    await response.body?.cancel().catch(() => {});
    throw new ProviderAnswerError(`The image service's image link answered ${type}, not an image`);
  }
  return readCapped(response, context.signal, MAX_OUTPUT_BYTES, "The image service returned an image");
}
