import { z } from "zod";
import { optionalText, priceSetting, providerUrl } from "../../../config/env-values.server";
import { defineProviderPlugin } from "../plugin.server";

/** Stability AI's Stable Image API: Core or Ultra, Inpaint, Structure control and an upscaler. */
export const stabilityPlugin = defineProviderPlugin({
  id: "stability",
  service: "Stability AI",
  env: {
    STABILITY_API_KEY: optionalText,
    STABILITY_BASE_URL: providerUrl,
    // Drafts always run on Core; standard and high detail on this one.
    STABILITY_MODEL: z.enum(["core", "ultra"]).default("core"),
    // The upscaler "AI upscale" runs: fast (×4), conservative (to about 4 MP) or creative (asynchronous).
    STABILITY_UPSCALE: z.enum(["fast", "conservative", "creative"]).default("fast"),
    STABILITY_PRICE: priceSetting("standard"),
  },
  settings: (env) => ({
    apiKey: env.STABILITY_API_KEY,
    baseUrl: env.STABILITY_BASE_URL,
    model: env.STABILITY_MODEL,
    upscaler: env.STABILITY_UPSCALE,
    price: env.STABILITY_PRICE,
  }),
  required: { variable: "STABILITY_API_KEY", isSet: (settings) => Boolean(settings.apiKey) },
  address: (settings) => ({ url: settings.baseUrl, host: "api.stability.ai", variable: "STABILITY_BASE_URL" }),
  model: (settings) => settings.model,
  secret: (settings) => settings.apiKey,
  build: async (settings, { timeoutMs }) =>
    (await import("../stability.server")).createStabilityProvider({
      apiKey: settings.apiKey!,
      baseUrl: settings.baseUrl,
      model: settings.model,
      upscaler: settings.upscaler,
      timeoutMs,
    }),
});
