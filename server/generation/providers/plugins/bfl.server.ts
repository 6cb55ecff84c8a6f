import { z } from "zod";
import { optionalText, priceSetting, providerUrl } from "../../../config/env-values.server";
import { defineProviderPlugin } from "../plugin.server";

/** Black Forest Labs' own API: FLUX.1 Kontext (or FLUX 1.1 [pro]) and FLUX.1 Fill [pro]. */
export const bflPlugin = defineProviderPlugin({
  id: "bfl",
  service: "Black Forest Labs API",
  env: {
    BFL_API_KEY: optionalText,
    // https://api.bfl.ai by default; https://api.eu.bfl.ai or https://api.us.bfl.ai keep data in a region.
    BFL_BASE_URL: providerUrl,
    // flux-kontext-pro, flux-kontext-max, or flux-pro-1.1 (words alone, no reference images).
    BFL_MODEL: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]*$/, "must be a BFL endpoint name, such as flux-kontext-pro")
      .default("flux-kontext-pro"),
    // The model that repaints a painted region of an image.
    BFL_FILL_MODEL: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]*$/, "must be a BFL endpoint name, such as flux-pro-1.0-fill")
      .default("flux-pro-1.0-fill"),
    BFL_PRICE: priceSetting("standard"),
  },
  settings: (env) => ({
    key: env.BFL_API_KEY,
    baseUrl: env.BFL_BASE_URL,
    model: env.BFL_MODEL,
    fillModel: env.BFL_FILL_MODEL,
    price: env.BFL_PRICE,
  }),
  required: { variable: "BFL_API_KEY", isSet: (settings) => Boolean(settings.key) },
  address: (settings) => ({ url: settings.baseUrl, host: "api.bfl.ai", variable: "BFL_BASE_URL" }),
  model: (settings) => settings.model,
  secret: (settings) => settings.key,
  build: async (settings, { timeoutMs }) =>
    (await import("../bfl.server")).createBflProvider({
      key: settings.key!,
      baseUrl: settings.baseUrl,
      model: settings.model,
      fillModel: settings.fillModel,
      timeoutMs,
    }),
});
