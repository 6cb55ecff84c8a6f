import { z } from "zod";
import { optionalText, priceSetting, providerUrl } from "../../../config/env-values.server";
import { defineProviderPlugin } from "../plugin.server";

/** Google's Gemini image models. */
export const geminiPlugin = defineProviderPlugin({
  id: "gemini",
  service: "Google Gemini",
  env: {
    GEMINI_API_KEY: optionalText,
    GEMINI_BASE_URL: providerUrl,
    GEMINI_IMAGE_MODEL: z.string().min(1).default("gemini-2.5-flash-image"),
    GEMINI_PRICE: priceSetting("standard"),
  },
  settings: (env) => ({
    apiKey: env.GEMINI_API_KEY,
    baseUrl: env.GEMINI_BASE_URL,
    model: env.GEMINI_IMAGE_MODEL,
    price: env.GEMINI_PRICE,
  }),
  required: { variable: "GEMINI_API_KEY", isSet: (settings) => Boolean(settings.apiKey) },
  address: (settings) => ({
    url: settings.baseUrl,
    host: "generativelanguage.googleapis.com",
    variable: "GEMINI_BASE_URL",
  }),
  model: (settings) => settings.model,
  secret: (settings) => settings.apiKey,
  build: async (settings, { timeoutMs }) =>
    (await import("../gemini.server")).createGeminiProvider({
      apiKey: settings.apiKey!,
      baseUrl: settings.baseUrl,
      model: settings.model,
      timeoutMs,
    }),
});
