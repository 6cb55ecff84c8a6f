// An image provider for tests: the offline engine (same id, so jobs submitted with the
// offline engine run with it), recording what each request carried, with hooks to act
// while an image is being made (cancel, delete) and to replace the image it returns.
import { createHash } from "node:crypto";
import { createOfflineProvider } from "#server/generation/providers/offline.server";
import type { GenerateRequest, GeneratedImage, ImageProvider } from "#server/generation/providers/provider";

export const sha256 = (data: Buffer | Uint8Array) => createHash("sha256").update(data).digest("hex");

export interface RecordedGeneration {
  /** 1-based, in the order the provider was called. */
  call: number;
  prompt: string;
  seed: number;
  size: GenerateRequest["size"];
  detail: GenerateRequest["detail"];
  transparent: boolean;
  references: { bytes: number; sha256: string; mimeType: string }[];
}

export interface RecordingOptions {
  /** Runs before the image is made: may throw (a provider error) or act on the app meanwhile. */
  before?(request: GenerateRequest, call: number): Promise<void> | void;
  /** Makes the image instead of the offline engine (noise, say). */
  draw?(request: GenerateRequest, call: number): Promise<GeneratedImage>;
  /** Replaces the image the offline engine made (to return an opaque one, say). */
  transform?(image: GeneratedImage, request: GenerateRequest, call: number): Promise<GeneratedImage> | GeneratedImage;
}

export type RecordingProvider = ImageProvider & {
  calls: RecordedGeneration[];
  /** Forgets the calls recorded so far. */
  reset(): void;
};

export function createRecordingProvider(options: RecordingOptions = {}): RecordingProvider {
  const offline = createOfflineProvider();
  const calls: RecordedGeneration[] = [];
  return {
    ...offline,
    calls,
    reset: () => void calls.splice(0),
    async generate(request) {
      const call = calls.length + 1;
      calls.push({
        call,
        prompt: request.prompt,
        seed: request.seed,
        size: request.size,
        detail: request.detail,
        transparent: request.transparent,
        references: request.references.map((r) => ({
          bytes: r.data.length,
          sha256: sha256(r.data),
          mimeType: r.mimeType,
        })),
      });
      await options.before?.(request, call);
      const result = options.draw ? { images: [await options.draw(request, call)] } : await offline.generate(request);
      if (!options.transform) return result;
      const images = [];
      for (const image of result.images) images.push(await options.transform(image, request, call));
      return { ...result, images };
    },
  };
}
