import type { DetailLevel, ImageSize } from "#domain/images";

export interface ReferenceImage {
  data: Buffer;
  mimeType: "image/png" | "image/jpeg" | "image/webp";
}

export interface GenerateRequest {
  prompt: string;
  size: ImageSize;
  detail: DetailLevel;
  transparent: boolean;
  /** Style references and anchors, most important first. */
  references: ReferenceImage[];
  seed: number;
  n: number;
  /** The style's palette; the preview engine draws with it. */
  palette: string[];
  /** An opaque id of the end user, for the provider's abuse monitoring. */
  user?: string;
  /**
   * Aborts the whole call, body included: the engine's deadline for this attempt, or the
   * worker shutting down. A provider passes it to every request it makes and every read.
   */
  signal?: AbortSignal;
}

export interface GeneratedImage {
  data: Buffer;
  format: "png" | "webp";
}

export interface GenerateResult {
  images: GeneratedImage[];
  usage?: { inputTokens: number; outputTokens: number };
}

/** What a provider can do; the engine reads these, never provider ids. */
export interface ProviderCapabilities {
  /** Returns real alpha when asked for a transparent background. */
  nativeAlpha: boolean;
  /** The most input images it takes with one request. */
  maxReferences: number;
  /** The same seed and request give the same image. */
  seed: boolean;
}

/** One image generation service behind Motif. */
export interface ImageProvider {
  id: string;
  model: string;
  /** Shown in the UI; the preview engine says plainly what it is. */
  label: string;
  /** What it charges against the standard price: 0 for a free preview; 1 (the standard price) when not given. */
  priceRate?: number;
  capabilities: ProviderCapabilities;
  generate(request: GenerateRequest): Promise<GenerateResult>;
}

/** The provider refused the request (content policy): retrying will not help. */
export class ProviderRefusalError extends Error {
  override name = "ProviderRefusalError";
}

/** Rate limits, server errors and timeouts: worth another try after a pause. */
export class ProviderRetryableError extends Error {
  override name = "ProviderRetryableError";
}

/** The provider did not finish answering (headers and body) before the deadline: retryable. */
export class ProviderTimeoutError extends ProviderRetryableError {
  override name = "ProviderTimeoutError";
  constructor(timeoutMs: number) {
    super(`The image service did not answer within ${timeoutMs / 1000} s`);
  }
}

/** Anything else the provider rejected. */
export class ProviderError extends Error {
  override name = "ProviderError";
}

/** The image came back opaque although a transparent background was asked for. */
export class ProviderOpaqueImageError extends Error {
  override name = "ProviderOpaqueImageError";
}
