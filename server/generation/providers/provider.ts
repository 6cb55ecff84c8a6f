import type { DetailLevel, ImageSize } from "~/lib/pricing";

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
  /** The style's palette; the offline engine draws with it. */
  palette: string[];
  /** An opaque id of the end user, for the provider's abuse monitoring. */
  user?: string;
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

/** One image generation service behind Motif. */
export interface ImageProvider {
  id: "offline" | "openai";
  model: string;
  /** Shown in the UI; the offline engine says plainly what it is. */
  label: string;
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

/** Anything else the provider rejected. */
export class ProviderError extends Error {
  override name = "ProviderError";
}
