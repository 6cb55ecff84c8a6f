import { z } from "zod";
import { bool, optionalText, priceSetting, providerUrl } from "../../../config/env-values.server";
import { defineProviderPlugin } from "../plugin.server";

/** OpenAI's Images API (gpt-image), or an OpenAI-compatible server at OPENAI_BASE_URL (OPENAI_COMPATIBLE). */
export const openaiPlugin = defineProviderPlugin({
  id: "openai",
  service: "OpenAI Images API",
  env: {
    OPENAI_API_KEY: optionalText,
    OPENAI_BASE_URL: providerUrl,
    OPENAI_IMAGE_MODEL: z.string().min(1).default("gpt-image-1.5"),
    // The base URL is a LocalAI, sd-server or other compatible server: only what those take is sent.
    OPENAI_COMPATIBLE: bool.default(false),
    // That server answers /images/edits (stable-diffusion.cpp's sd-server does, LocalAI does not).
    OPENAI_COMPATIBLE_EDITS: bool.default(false),
    OPENAI_PRICE: priceSetting("standard"),
  },
  settings: (env) => ({
    apiKey: env.OPENAI_API_KEY,
    baseUrl: env.OPENAI_BASE_URL,
    model: env.OPENAI_IMAGE_MODEL,
    compatible: env.OPENAI_COMPATIBLE,
    compatibleEdits: env.OPENAI_COMPATIBLE_EDITS,
    price: env.OPENAI_PRICE,
  }),
  // A local compatible server usually takes no key.
  required: { variable: "OPENAI_API_KEY", isSet: (settings) => Boolean(settings.apiKey) || settings.compatible },
  address: (settings) => ({ url: settings.baseUrl, host: "api.openai.com", variable: "OPENAI_BASE_URL" }),
  model: (settings) => settings.model,
  secret: (settings) => settings.apiKey,
  build: async (settings, { timeoutMs }) => {
    if (settings.compatible && !settings.baseUrl) {
      throw new Error(
        "OPENAI_BASE_URL: is required when OPENAI_COMPATIBLE is set (the compatible server's /v1 address)",
      );
    }
    return (await import("../openai.server")).createOpenAIProvider({
      apiKey: settings.apiKey,
      baseUrl: settings.baseUrl,
      model: settings.model,
      timeoutMs,
      compatible: settings.compatible,
      compatibleEdits: settings.compatibleEdits,
    });
  },
});
