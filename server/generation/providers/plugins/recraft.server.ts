import { z } from "zod";
import { optionalText, priceSetting, providerUrl } from "../../../config/env-values.server";
import { defineProviderPlugin } from "../plugin.server";

/** Recraft's API: raster and native vector (SVG) images, custom styles, background removal, upscales. */
export const recraftPlugin = defineProviderPlugin({
  id: "recraft",
  service: "Recraft API",
  env: {
    RECRAFT_API_KEY: optionalText,
    RECRAFT_BASE_URL: providerUrl,
    // A raster model (recraftv3, recraftv4…); its _vector twin draws the SVGs.
    RECRAFT_MODEL: z
      .string()
      .regex(/^recraftv[0-9][a-z0-9_]*$/, "must be a Recraft model name, such as recraftv3")
      .default("recraftv3"),
    // Which styles are drawn as SVG: flat looks (icons, line art), every style, or none.
    RECRAFT_VECTOR: z.enum(["flat", "always", "never"]).default("flat"),
    // The upscaler "AI upscale" runs: crisp (keeps the picture) or creative (adds detail).
    RECRAFT_UPSCALE: z.enum(["crisp", "creative"]).default("crisp"),
    RECRAFT_PRICE: priceSetting("standard"),
  },
  settings: (env) => ({
    apiKey: env.RECRAFT_API_KEY,
    baseUrl: env.RECRAFT_BASE_URL,
    model: env.RECRAFT_MODEL,
    vector: env.RECRAFT_VECTOR,
    upscaler: env.RECRAFT_UPSCALE,
    price: env.RECRAFT_PRICE,
  }),
  required: { variable: "RECRAFT_API_KEY", isSet: (settings) => Boolean(settings.apiKey) },
  address: (settings) => ({ url: settings.baseUrl, host: "external.api.recraft.ai", variable: "RECRAFT_BASE_URL" }),
  model: (settings) => settings.model,
  secret: (settings) => settings.apiKey,
  build: async (settings, { timeoutMs }) =>
    (await import("../recraft.server")).createRecraftProvider({
      apiKey: settings.apiKey!,
      baseUrl: settings.baseUrl,
      model: settings.model,
      vector: settings.vector,
      upscaler: settings.upscaler,
      timeoutMs,
    }),
});
