import { modelLabel } from "#domain/models";
import OpenAI, { toFile } from "openai";
import type { ImageGenerateParams } from "openai/resources/images";
import type { DetailLevel, ImageSize } from "#domain/images";
import { bufferedFetch } from "./buffered-fetch.server";
import { checkOpenAIConnection } from "./openai-check.server";
import { transparentWhereRepainted } from "../../images/edit-mask.server";
import {
  ProviderError,
  ProviderRefusalError,
  ProviderRetryableError,
  type GenerateRequest,
  type ImageProvider,
  type ReferenceImage,
} from "./provider";

const sizeParam: Record<ImageSize, "1024x1024" | "1024x1536" | "1536x1024"> = {
  square: "1024x1024",
  portrait: "1024x1536",
  landscape: "1536x1024",
};
const qualityParam: Record<DetailLevel, "low" | "medium" | "high"> = { draft: "low", standard: "medium", high: "high" };
/** The Images API takes at most 16 input images for an edit. */
export const MAX_REFERENCES = 16;

/**
 * OpenAI's Images API through the official SDK. The SDK's own retries are off:
 * the job runner retries, so the number of calls per job stays bounded. The SDK's
 * `timeout` stops at the response headers: the engine's deadline bounds the whole call
 * through `request.signal`, which the SDK keeps attached while the body is read.
 */
export function createOpenAIProvider(options: {
  apiKey: string;
  baseUrl?: string;
  model: string;
  timeoutMs: number;
}): ImageProvider {
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseUrl,
    maxRetries: 0,
    timeout: options.timeoutMs,
    // Edits upload references as multipart: sent as bytes, so a failed upload cannot end the process.
    fetch: bufferedFetch,
  });
  const host = options.baseUrl ? new URL(options.baseUrl).host : "api.openai.com";
  return {
    id: "openai",
    model: options.model,
    label: modelLabel("openai", options.model),
    capabilities: {
      nativeAlpha: true,
      characterReference: false,
      maxReferences: MAX_REFERENCES,
      seed: false,
      sizes: sizeParam,
      detail: { draft: "quality: low", standard: "quality: medium", high: "quality: high" },
      cancel: false,
      progress: false,
      edit: { words: true, region: true },
    },
    checkConnection: (signal) => checkOpenAIConnection(client, { model: options.model, host, signal }),
    generate: (request) => call(request, request.references, null),
    // The base goes first: the mask, when there is one, applies to the first image.
    edit: async (request) =>
      call(
        request,
        [request.base, ...request.references],
        request.mask ? await transparentWhereRepainted(request.mask) : null,
      ),
  };

  /** One call: a generation without input images, otherwise an edit of them (with the first's mask). */
  async function call(request: GenerateRequest, inputs: ReferenceImage[], mask: Buffer | null) {
    const common = {
      model: options.model,
      prompt: request.prompt,
      n: request.n,
      size: sizeParam[request.size],
      quality: qualityParam[request.detail],
      background: request.transparent ? ("transparent" as const) : ("opaque" as const),
      output_format: "png" as const,
      ...(request.user ? { user: request.user } : {}),
    };
    try {
      const response =
        inputs.length > 0
          ? await client.images.edit(
              {
                ...common,
                image: await Promise.all(
                  inputs
                    .slice(0, MAX_REFERENCES)
                    .map((ref, i) =>
                      toFile(ref.data, `reference-${i}.${ref.mimeType.split("/")[1]}`, { type: ref.mimeType }),
                    ),
                ),
                ...(mask ? { mask: await toFile(mask, "mask.png", { type: "image/png" }) } : {}),
                input_fidelity: "high",
              },
              { signal: request.signal },
            )
          : await client.images.generate({ ...common, moderation: "auto" } satisfies ImageGenerateParams, {
              signal: request.signal,
            });
      const images = (response.data ?? []).map((item) => {
        if (!item.b64_json) throw new ProviderError("The provider returned no image data");
        return { data: Buffer.from(item.b64_json, "base64"), format: "png" as const };
      });
      if (images.length === 0) throw new ProviderError("The provider returned no images");
      const usage = response.usage
        ? { inputTokens: response.usage.input_tokens, outputTokens: response.usage.output_tokens }
        : undefined;
      return { images, usage };
    } catch (error) {
      throw classifyOpenAIError(error);
    }
  }
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
      return new ProviderRetryableError(`The image service is busy (HTTP ${error.status})`);
    }
    return new ProviderError(`The image service rejected the request (HTTP ${error.status}): ${error.message}`);
  }
  if (error instanceof Error && error.name === "AbortError")
    return new ProviderRetryableError("The request was aborted");
  return new ProviderError(error instanceof Error ? error.message : String(error));
}
