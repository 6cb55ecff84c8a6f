import { keyColourFor, keyColourInstruction, type KeyColour } from "./pipeline/key-colour";
import { removeKeyColour } from "./pipeline/matte.server";
import type { MattingModel } from "./pipeline/matting-model.server";
import { promptSentences } from "./prompts";
import type { GeneratedImage } from "./providers/provider";

/**
 * Transparency for a provider that cannot paint alpha: the prompt asks for a flat key
 * colour (the one farthest from the style's palette) instead of a transparent
 * background, and the matte takes that colour out of the answer (docs/decisions/026).
 */
export interface KeyedTransparency {
  key: KeyColour;
  /** The prompt with its transparent-background sentence replaced by the key-colour one. */
  prompt: string;
  /** The provider's opaque image, matted: a PNG with real alpha. Throws MatteError when it cannot be. */
  matte(image: GeneratedImage): Promise<GeneratedImage>;
}

/** With a matting model (MATTE_MODEL_PATH), its alpha replaces the key's colour distance. */
export function keyedTransparency(prompt: string, palette: string[], matting?: MattingModel): KeyedTransparency {
  const key = keyColourFor(palette);
  const instruction = keyColourInstruction(key);
  return {
    key,
    prompt: prompt.includes(promptSentences.transparent)
      ? prompt.replace(promptSentences.transparent, instruction)
      : `${prompt} ${instruction}`,
    async matte(image) {
      const { data } = await removeKeyColour(image.data, { key: key.rgb, matting });
      return { data, format: "png" };
    },
  };
}
