import { z } from "zod";
import { optionalText, priceSetting, providerUrl } from "../../../config/env-values.server";
import { defineProviderPlugin } from "../plugin.server";

/** Replicate's HTTP API: FLUX.1 Kontext [pro], its fill model, Real-ESRGAN and ostris's LoRA trainer. */
export const replicatePlugin = defineProviderPlugin({
  id: "replicate",
  service: "Replicate",
  env: {
    REPLICATE_API_TOKEN: optionalText,
    REPLICATE_BASE_URL: providerUrl,
    // "owner/name" for an official model, "owner/name:version" for any other.
    REPLICATE_MODEL: z.string().min(1).default("black-forest-labs/flux-kontext-pro"),
    // The model that repaints a painted region of an image.
    REPLICATE_FILL_MODEL: z.string().min(1).default("black-forest-labs/flux-fill-pro"),
    // The AI upscaler offered as "AI upscale" on Replicate (a community model: by version).
    REPLICATE_UPSCALE_MODEL: z
      .string()
      .min(1)
      .default("nightmareai/real-esrgan:f121d640bd286e1fdc67f9799164c1d5be36ff74576ee11c803ae5b665dd46aa"),
    // The LoRA trainer, by version, so a training is the same from one day to the next.
    REPLICATE_TRAINER: z
      .string()
      .regex(/^[\w.-]+\/[\w.-]+:[0-9a-zA-Z]+$/, "must be owner/name:version")
      .default("ostris/flux-dev-lora-trainer:26dce37af90b9d997eeb970d92e47de3064d46c300504ae376c75bef6a9022d2"),
    REPLICATE_PRICE: priceSetting("standard"),
  },
  settings: (env) => ({
    token: env.REPLICATE_API_TOKEN,
    baseUrl: env.REPLICATE_BASE_URL,
    model: env.REPLICATE_MODEL,
    fillModel: env.REPLICATE_FILL_MODEL,
    upscaleModel: env.REPLICATE_UPSCALE_MODEL,
    trainer: env.REPLICATE_TRAINER,
    price: env.REPLICATE_PRICE,
  }),
  required: { variable: "REPLICATE_API_TOKEN", isSet: (settings) => Boolean(settings.token) },
  address: (settings) => ({ url: settings.baseUrl, host: "api.replicate.com", variable: "REPLICATE_BASE_URL" }),
  model: (settings) => settings.model,
  secret: (settings) => settings.token,
  build: async (settings, { timeoutMs }) =>
    (await import("../replicate.server")).createReplicateProvider({
      token: settings.token!,
      baseUrl: settings.baseUrl,
      model: settings.model,
      fillModel: settings.fillModel,
      upscaleModel: settings.upscaleModel,
      trainer: settings.trainer,
      timeoutMs,
    }),
});
