import { z } from "zod";
import { optionalText, priceSetting, providerUrl } from "../../../config/env-values.server";
import { defineProviderPlugin } from "../plugin.server";

/** fal's queue API: FLUX.1 Kontext, with its fill and upscale endpoints, and LoRA training and drawing. */
export const falPlugin = defineProviderPlugin({
  id: "fal",
  service: "fal",
  env: {
    FAL_KEY: optionalText,
    FAL_BASE_URL: providerUrl,
    FAL_MODEL: z.string().min(1).default("fal-ai/flux-pro/kontext/max/multi"),
    // The endpoint that repaints a painted region of an image.
    FAL_FILL_MODEL: z.string().min(1).default("fal-ai/flux-pro/v1/fill"),
    // The AI upscaler offered as "AI upscale" on fal.
    FAL_UPSCALE_MODEL: z.string().min(1).default("fal-ai/esrgan"),
    // The trainer a style's or character's LoRA is trained with.
    FAL_TRAINER: z.string().min(1).default("fal-ai/flux-lora-fast-training"),
    // The endpoint that draws with a trained LoRA.
    FAL_LORA_MODEL: z.string().min(1).default("fal-ai/flux-lora"),
    FAL_PRICE: priceSetting("standard"),
  },
  settings: (env) => ({
    key: env.FAL_KEY,
    baseUrl: env.FAL_BASE_URL,
    model: env.FAL_MODEL,
    fillModel: env.FAL_FILL_MODEL,
    upscaleModel: env.FAL_UPSCALE_MODEL,
    trainer: env.FAL_TRAINER,
    loraModel: env.FAL_LORA_MODEL,
    price: env.FAL_PRICE,
  }),
  required: { variable: "FAL_KEY", isSet: (settings) => Boolean(settings.key) },
  address: (settings) => ({ url: settings.baseUrl, host: "queue.fal.run", variable: "FAL_BASE_URL" }),
  model: (settings) => settings.model,
  secret: (settings) => settings.key,
  build: async (settings, { timeoutMs }) =>
    (await import("../fal.server")).createFalProvider({
      key: settings.key!,
      baseUrl: settings.baseUrl,
      model: settings.model,
      fillModel: settings.fillModel,
      upscaleModel: settings.upscaleModel,
      trainer: settings.trainer,
      loraModel: settings.loraModel,
      timeoutMs,
    }),
});
