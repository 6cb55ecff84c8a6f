import { z } from "zod";
import { isPreview } from "./preview";
import { standardPrices } from "./pricing";
import { priceTableSchema } from "./pricing-schema";

/** A model a user may generate with, as the browser sees it (no keys, no addresses). */
export const modelViewSchema = z
  .object({
    id: z.string().meta({
      description:
        'The provider id jobs record ("openai", "azure-openai", "gemini", "fal", "replicate", "bfl", "stability", "recraft", "comfyui", "a1111", "offline").',
    }),
    label: z.string().meta({ description: '"OpenAI gpt-image-1.5"; the preview engine says plainly what it is.' }),
    model: z.string(),
    prices: priceTableSchema,
    transparency: z.enum(["native", "matte"]).meta({
      description:
        "native: the model paints real alpha; matte: Motif removes a flat key colour it was asked to paint on.",
    }),
    maxReferences: z.number().int().min(0).meta({ description: "The most reference images one request carries." }),
    sizes: z
      .record(z.string(), z.string())
      .meta({ description: "How each size is asked of the model, in its own terms." }),
    detail: z
      .record(z.string(), z.string())
      .meta({ description: "How each detail level is asked of the model, in its own terms." }),
    reachable: z.boolean().meta({
      description:
        "false when the model's last connection check failed: generations with it are refused (409) until a check succeeds.",
    }),
    edit: z
      .object({
        words: z.boolean().meta({ description: "Changes an image as words say (POST /api/objects/{id}/edit)." }),
        region: z.boolean().meta({ description: "Repaints only a painted region (the edit's mask)." }),
        why: z.string().nullable().meta({ description: "Why it cannot do one of these, in one sentence." }),
      })
      .meta({ description: "What the model can do to an image that exists." }),
    views: z
      .object({
        can: z
          .boolean()
          .meta({ description: "Draws an object in other poses, views or states (POST /api/objects/{id}/views)." }),
        why: z.string().nullable().meta({ description: "Why it cannot, in one sentence." }),
      })
      .meta({ description: "Whether the model can draw an object's views." }),
    upscaler: z
      .string()
      .nullable()
      .meta({ description: "The model's AI upscaler (POST /api/objects/{id}/ai-upscale), or null when it has none." }),
    trainer: z.string().nullable().meta({
      description:
        "The model's LoRA trainer (POST /api/styles/{id}/trainings, /api/characters/{id}/trainings), or null when it cannot train.",
    }),
    characterReference: z.boolean().meta({
      description:
        "It takes a character's references apart from a style's, with their own weight; else the character's strength is approximate.",
    }),
    vector: z.string().nullable().meta({
      description:
        "The vector model that draws flat styles as native SVG (the image's original; GET /api/images/{id}/svg), and for which styles; null when its SVGs are traced from pixels.",
    }),
    customStyle: z.boolean().meta({
      description:
        "A style's reference images become a style of the provider's own, made once and kept with the style.",
    }),
  })
  .meta({ id: "Model", description: "A model a user may generate with." });
export type ModelView = z.output<typeof modelViewSchema>;

/** The models on offer, the operator's default first. */
export const modelsViewSchema = z
  .object({ models: z.array(modelViewSchema), defaultId: z.string() })
  .meta({ id: "Models", description: "The models on offer, the operator's default first." });
export type ModelsView = z.output<typeof modelsViewSchema>;

/** Before the app's loader has answered (or outside the app): one model at the standard prices. */
export const standardModels: ModelsView = {
  models: [
    {
      id: "",
      label: "",
      model: "",
      prices: standardPrices,
      transparency: "native",
      maxReferences: 0,
      sizes: {},
      detail: {},
      reachable: true,
      edit: { words: false, region: false, why: null },
      views: { can: true, why: null },
      upscaler: null,
      trainer: null,
      characterReference: false,
      vector: null,
      customStyle: false,
    },
  ],
  defaultId: "",
};

/** The model to price and run with: the asked one when it is on offer, else the default. */
export function pickModel(view: ModelsView, id: string | null | undefined): ModelView {
  return view.models.find((m) => m.id === id) ?? view.models.find((m) => m.id === view.defaultId) ?? view.models[0]!;
}

const providerNames: Record<string, string> = {
  offline: "Preview engine",
  openai: "OpenAI",
  gemini: "Gemini",
  fal: "fal",
  comfyui: "ComfyUI",
  "azure-openai": "Azure OpenAI",
  replicate: "Replicate",
  bfl: "Black Forest Labs",
  stability: "Stability AI",
  recraft: "Recraft",
  a1111: "Automatic1111",
};

/** A provider's id in words ("offline" → "Preview engine"); unknown ids as they are. */
export const providerName = (id: string) => providerNames[id] ?? id;

/** The model that made a job or an image, in words: "Gemini gemini-2.5-flash-image", "Preview engine". */
export function modelLabel(provider: string, model: string): string {
  return isPreview(provider) ? providerName(provider) : `${providerName(provider)} ${model}`;
}

export const isPreviewModel = (model: Pick<ModelView, "id">) => isPreview(model.id);

/** The words the server answers with when a request names a model that is not on offer. */
export const modelUnavailableMessage = "That model is not available. Choose another.";

/** Beside a model whose last connection check failed, in the composer. */
export const unreachableModelNote = "Not reachable — ask your operator";

/** Said of a model whose last connection check failed, where a paid action would use it. */
export const unreachableModelMessage = (label: string) => `${label} is not reachable right now — ask your operator.`;
