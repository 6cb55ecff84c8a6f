import type { ImageSize } from "#domain/images";
import type { GenerateRequest, LearnedModel } from "./provider";

/** FLUX.1 [dev] with LoRAs: draws with a trained model, from words alone (it takes no images). */
export const DEFAULT_FAL_LORA_MODEL = "fal-ai/flux-lora";

/** fal's named sizes for Motif's: about one megapixel, at 1:1, 3:4 and 4:3. */
export const FAL_LORA_SIZES: Record<ImageSize, "square_hd" | "portrait_4_3" | "landscape_4_3"> = {
  square: "square_hd",
  portrait: "portrait_4_3",
  landscape: "landscape_4_3",
};

/** The prompt with the trigger word first, unless it already says it (in any case). */
export function withTriggerWord(prompt: string, triggerWord: string): string {
  const word = triggerWord.trim();
  if (!word || prompt.toLowerCase().includes(word.toLowerCase())) return prompt;
  return `${word}, ${prompt}`;
}

/**
 * A request for FLUX LoRA with the style's or character's trained model: its LoRA at its
 * scale, its trigger word in the prompt. The references are not sent (the endpoint takes
 * none): a note says so.
 */
export function falLoraRequest(
  request: GenerateRequest,
  learned: LearnedModel,
  maxImages: number,
): { input: Record<string, unknown>; notes: string[] } {
  const notes =
    request.references.length > 0
      ? [
          `The ${request.references.length === 1 ? "reference was" : `${request.references.length} references were`} left out: FLUX LoRA takes none, and the trained model carries the look.`,
        ]
      : [];
  return {
    input: {
      prompt: withTriggerWord(request.prompt, learned.triggerWord),
      loras: [{ path: learned.ref, scale: learned.scale }],
      image_size: FAL_LORA_SIZES[request.size],
      num_images: Math.min(Math.max(request.n, 1), maxImages),
      seed: request.seed,
      output_format: "png",
      enable_safety_checker: true,
    },
    notes,
  };
}
