import { modelLabel } from "#domain/models";
import { ApiError, GoogleGenAI, Modality, type GenerateContentResponse, type Part } from "@google/genai";
import { answeredImage } from "./answered-image.server";
import { geminiAspectRatios, geminiImageSizes, geminiModelTraits } from "./gemini-models";
import {
  ProviderAnswerError,
  ProviderError,
  ProviderRefusalError,
  ProviderRetryableError,
  type ConnectionProbe,
  type GeneratedImage,
  type GenerateRequest,
  type GenerateResult,
  type ImageProvider,
} from "./provider";

/** Finish reasons that mean Google's filters stopped the answer. */
const BLOCKING_FINISH_REASONS = new Set([
  "SAFETY",
  "PROHIBITED_CONTENT",
  "BLOCKLIST",
  "SPII",
  "RECITATION",
  "IMAGE_SAFETY",
  "IMAGE_PROHIBITED_CONTENT",
  "IMAGE_RECITATION",
]);

/** The longest stretch of the model's own words a refusal message quotes. */
const REASON_LENGTH = 160;

export interface GeminiProviderOptions {
  apiKey: string;
  /** A Gemini image model id, e.g. "gemini-2.5-flash-image". */
  model: string;
  /** The API's root, without the version ("https://generativelanguage.googleapis.com" when not given). */
  baseUrl?: string;
  timeoutMs: number;
}

/**
 * Gemini's image models through Google's official client. The client's own retries
 * are off (the job runner retries); its `timeout` stays armed while the body is read,
 * and the engine's whole-call deadline arrives through `request.signal` as well.
 */
export function createGeminiProvider(options: GeminiProviderOptions): ImageProvider {
  const client = new GoogleGenAI({
    apiKey: options.apiKey,
    vertexai: false,
    httpOptions: {
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      // Google documents image output (imageConfig) on v1beta; the client's own default may differ.
      apiVersion: "v1beta",
      timeout: options.timeoutMs,
      retryOptions: { attempts: 1 },
    },
  });
  const traits = geminiModelTraits(options.model);

  async function generateOne(request: GenerateRequest, references: GenerateRequest["references"]) {
    const parts: Part[] = [
      { text: request.prompt },
      ...references.map((ref) => ({ inlineData: { mimeType: ref.mimeType, data: ref.data.toString("base64") } })),
    ];
    const response = await client.models.generateContent({
      model: options.model,
      contents: [{ role: "user", parts }],
      config: {
        responseModalities: [Modality.IMAGE],
        imageConfig: {
          aspectRatio: geminiAspectRatios[request.size],
          ...(traits.imageSize ? { imageSize: geminiImageSizes[request.detail] } : {}),
        },
        seed: request.seed,
        abortSignal: request.signal,
      },
    });
    return { image: await imageOf(response), usage: response.usageMetadata };
  }

  return {
    id: "gemini",
    model: options.model,
    label: modelLabel("gemini", options.model),
    capabilities: {
      // Gemini's images are opaque: the engine mattes them when a transparent background is asked for.
      nativeAlpha: false,
      characterReference: false,
      maxReferences: traits.maxReferences,
      // The seed is sent, but Google promises only a best effort at repeating an image.
      seed: false,
      sizes: geminiAspectRatios,
      detail: traits.imageSize
        ? {
            draft: `imageSize: ${geminiImageSizes.draft}`,
            standard: `imageSize: ${geminiImageSizes.standard}`,
            high: `imageSize: ${geminiImageSizes.high}`,
          }
        : {
            draft: "the model's one size (detail does not change the request)",
            standard: "the model's one size (detail does not change the request)",
            high: "the model's one size (detail does not change the request)",
          },
      cancel: false,
      progress: false,
      edit: {
        words: true,
        region: false,
        why: "Gemini changes the whole image from words; it cannot keep to a painted region.",
      },
    },
    generate: generateAll,
    // The base goes first, so the words are read as changes to it.
    edit: (request) => generateAll({ ...request, references: [request.base, ...request.references] }),
    async checkConnection(signal) {
      return checkGeminiConnection(client, options.model, signal);
    },
  };

  async function generateAll(request: GenerateRequest): Promise<GenerateResult> {
    const references = request.references.slice(0, traits.maxReferences);
    const left = request.references.length - references.length;
    const notes =
      left > 0
        ? [
            `Gemini ${options.model} takes at most ${traits.maxReferences} reference images: ` +
              `the last ${left} of ${request.references.length} were left out.`,
          ]
        : [];
    try {
      const images: GeneratedImage[] = [];
      let usage: { inputTokens: number; outputTokens: number } | undefined;
      // One image per call: Gemini's image models answer each request with one image.
      for (let i = 0; i < request.n; i++) {
        const answer = await generateOne(request, references);
        images.push(answer.image);
        if (answer.usage) {
          // Thinking tokens are billed as output.
          usage = {
            inputTokens: (usage?.inputTokens ?? 0) + (answer.usage.promptTokenCount ?? 0),
            outputTokens:
              (usage?.outputTokens ?? 0) +
              (answer.usage.candidatesTokenCount ?? 0) +
              (answer.usage.thoughtsTokenCount ?? 0),
          };
        }
      }
      return { images, ...(usage ? { usage } : {}), ...(notes.length ? { notes } : {}) };
    } catch (error) {
      throw classifyGeminiError(error);
    }
  }
}

/** The image in an answer, or why there is none. */
async function imageOf(response: GenerateContentResponse): Promise<GeneratedImage> {
  const blockReason = response.promptFeedback?.blockReason;
  if (blockReason) {
    throw new ProviderRefusalError(`Gemini blocked the prompt (${blockReason})`);
  }
  const candidate = response.candidates?.[0];
  if (!candidate) throw new ProviderRefusalError("Gemini returned no image and no reason");
  const finishReason = candidate.finishReason;
  if (finishReason && BLOCKING_FINISH_REASONS.has(finishReason)) {
    throw new ProviderRefusalError(`Gemini withheld the image (${finishReason})`);
  }
  const parts = candidate.content?.parts ?? [];
  const inline = parts.find((part) => part.inlineData?.data && part.inlineData.mimeType?.startsWith("image/"));
  if (!inline?.inlineData?.data) {
    const said = parts
      .filter((part) => part.text && !part.thought)
      .map((part) => part.text!.trim())
      .join(" ")
      .trim();
    const reason = said ? `: “${shorten(said)}”` : finishReason ? ` (${finishReason})` : "";
    throw new ProviderRefusalError(`Gemini returned no image${reason}`);
  }
  const mimeType = inline.inlineData.mimeType;
  if (mimeType !== "image/png" && mimeType !== "image/webp" && mimeType !== "image/jpeg") {
    throw new ProviderAnswerError(`Gemini returned an image in a format Motif does not store (${mimeType})`);
  }
  return answeredImage(Buffer.from(inline.inlineData.data, "base64"), "Gemini");
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length <= REASON_LENGTH ? flat : `${flat.slice(0, REASON_LENGTH - 1).trimEnd()}…`;
}

/** Google's own sentence in an error answer ({"error":{"message":…}}), when there is one. */
export function googleMessage(error: ApiError): string {
  try {
    const body = JSON.parse(error.message) as { error?: { message?: unknown } };
    if (typeof body.error?.message === "string" && body.error.message.trim()) return body.error.message.trim();
  } catch {
    // Not JSON: the client's message is the text itself.
  }
  return error.message;
}

export function classifyGeminiError(error: unknown): Error {
  if (
    error instanceof ProviderError ||
    error instanceof ProviderRefusalError ||
    error instanceof ProviderRetryableError
  ) {
    return error;
  }
  if (error instanceof ApiError) {
    const status = error.status;
    if (status === 408 || status === 429 || status >= 500) {
      return new ProviderRetryableError(`The image service is busy (HTTP ${status})`);
    }
    return new ProviderError(`The image service rejected the request (HTTP ${status}): ${googleMessage(error)}`);
  }
  if (error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError")) {
    return new ProviderRetryableError("The request was aborted");
  }
  // fetch's own failure: the address did not answer, or the connection broke.
  if (error instanceof TypeError) return new ProviderRetryableError("The image service could not be reached");
  return new ProviderError(error instanceof Error ? error.message : String(error));
}

/**
 * Reads the configured model's record: free, authenticated, and it proves the model.
 * When the model is missing, the models list tells a wrong model from a wrong address.
 */
async function checkGeminiConnection(
  client: GoogleGenAI,
  model: string,
  signal: AbortSignal,
): Promise<ConnectionProbe> {
  try {
    await client.models.get({ model, config: { abortSignal: signal } });
    return { modelAvailable: true, message: `The key works and ${model} is available.` };
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw explainConnectionError(error);
  }
  try {
    await client.models.list({ config: { pageSize: 1, abortSignal: signal } });
  } catch (error) {
    throw explainConnectionError(error);
  }
  return {
    modelAvailable: false,
    message: `The key works, but Gemini has no model called ${model}. Check GEMINI_IMAGE_MODEL.`,
  };
}

function explainConnectionError(error: unknown): Error {
  if (error instanceof ApiError) {
    const said = ` The service said: “${shorten(googleMessage(error))}”`;
    const status = error.status;
    if (status === 400 || status === 401 || status === 403)
      return new Error(`The API key was refused (HTTP ${status}). Check GEMINI_API_KEY.${said}`);
    if (status === 404)
      return new Error(`There is no Gemini API at this address (HTTP 404). Check GEMINI_BASE_URL.${said}`);
    if (status === 429)
      return new Error(`Gemini is limiting this key's requests (HTTP 429). Try again shortly.${said}`);
    if (status >= 500) return new Error(`Gemini had an error (HTTP ${status}). Try again shortly.${said}`);
    return new Error(`Gemini answered HTTP ${status}.${said}`);
  }
  if (error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError"))
    return new Error("Gemini did not answer in time. Check GEMINI_BASE_URL and this server's network.");
  const reason = error instanceof Error ? error.message : String(error);
  return new Error(`Could not reach Gemini (${reason}). Check GEMINI_BASE_URL and this server's network.`);
}
