import { z } from "zod";
import { optionalText, priceSetting, providerUrl } from "../../../config/env-values.server";
import { defineProviderPlugin } from "../plugin.server";

/** OpenAI's Images API (gpt-image). */
export const openaiPlugin = defineProviderPlugin({
  id: "openai",
  service: "OpenAI Images API",
  env: {
    OPENAI_API_KEY: optionalText,
    OPENAI_BASE_URL: providerUrl,
    OPENAI_IMAGE_MODEL: z.string().min(1).default("gpt-image-1.5"),
    OPENAI_PRICE: priceSetting("standard"),
  },
  settings: (env) => ({
    apiKey: env.OPENAI_API_KEY,
    baseUrl: env.OPENAI_BASE_URL,
    model: env.OPENAI_IMAGE_MODEL,
    price: env.OPENAI_PRICE,
  }),
  required: { variable: "OPENAI_API_KEY", isSet: (settings) => Boolean(settings.apiKey) },
  address: (settings) => ({ url: settings.baseUrl, host: "api.openai.com", variable: "OPENAI_BASE_URL" }),
  model: (settings) => settings.model,
  secret: (settings) => settings.apiKey,
  build: async (settings, { timeoutMs }) =>
    (await import("../openai.server")).createOpenAIProvider({
      apiKey: settings.apiKey!,
      baseUrl: settings.baseUrl,
      model: settings.model,
      timeoutMs,
    }),
});
