import { z } from "zod";
import { optionalText, priceSetting, providerUrl } from "../../../config/env-values.server";
import { defineProviderPlugin } from "../plugin.server";

/** A1111_STEPS: "draft/standard/high" sampling steps, each from 1 to 150. */
const stepsSetting = z
  .string()
  .default("12/24/36")
  .transform((value, ctx) => {
    const parts = value.split("/").map((part) => Number(part.trim()));
    if (parts.length !== 3 || parts.some((n) => !Number.isInteger(n) || n < 1 || n > 150)) {
      ctx.addIssue({ code: "custom", message: 'must be three step counts, draft/standard/high, such as "12/24/36"' });
      return z.NEVER;
    }
    const [draft, standard, high] = parts as [number, number, number];
    return { draft, standard, high };
  });

/** A self-hosted Stable Diffusion WebUI (AUTOMATIC1111 or Forge) started with --api. */
export const a1111Plugin = defineProviderPlugin({
  id: "a1111",
  service: "Stable Diffusion WebUI (AUTOMATIC1111 / Forge)",
  env: {
    A1111_URL: providerUrl,
    // A checkpoint's title as the WebUI lists it ("sd_xl_base_1.0.safetensors [31e35c80fc]"); its loaded one when unset.
    A1111_MODEL: optionalText,
    // "user:password", as given to the WebUI's --api-auth.
    A1111_AUTH: optionalText,
    A1111_STEPS: stepsSetting,
    A1111_PRICE: priceSetting("standard"),
  },
  settings: (env) => ({
    url: env.A1111_URL,
    model: env.A1111_MODEL,
    auth: env.A1111_AUTH,
    steps: env.A1111_STEPS,
    price: env.A1111_PRICE,
  }),
  required: { variable: "A1111_URL", isSet: (settings) => Boolean(settings.url) },
  // Its address is the operator's own: there is no default host, and the variable is its only way in.
  address: (settings) => ({ url: settings.url, host: "", variable: null }),
  model: (settings) => settings.model ?? "the WebUI's loaded checkpoint",
  secret: (settings) => settings.auth,
  build: async (settings, { timeoutMs }) =>
    (await import("../a1111.server")).createA1111Provider({
      baseUrl: settings.url!,
      auth: settings.auth,
      model: settings.model,
      steps: settings.steps,
      timeoutMs,
    }),
});
