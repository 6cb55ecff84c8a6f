import { z } from "zod";
import { parsePriceSetting } from "#domain/pricing";
import { providerAddressProblem } from "../generation/providers/provider-address.server";
import { optionalText } from "./env-values.server";

/** A model's address: refused at start when no request could ever reach it. */
export const providerUrl = z
  .url()
  .superRefine((value, ctx) => {
    const problem = providerAddressProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .optional()
  .or(z.literal("").transform(() => undefined));

/** The image providers an operator can enable; "offline" is the preview engine. */
export const providerIds = ["offline", "openai", "gemini", "fal", "comfyui"] as const;
export type ProviderId = (typeof providerIds)[number];

export const providerList = z
  .string()
  .transform((list) =>
    list
      .split(",")
      .map((id) => id.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.enum(providerIds, `must be a comma-separated list of ${providerIds.join(", ")}`))
      .min(1)
      .refine((ids) => new Set(ids).size === ids.length, "must not name a provider twice"),
  );

/** A price setting: "free", "standard", a rate against the standard prices, or a table (domain/pricing.ts). */
export function priceSetting(fallback: string, maxRate = 10) {
  return z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const prices = parsePriceSetting(value, { maxRate });
      if (prices === null) {
        ctx.addIssue({
          code: "custom",
          message: `must be "free", "standard", a number from 0 to ${maxRate}, or "draft=3/5,standard=8/12,high=30/45"`,
        });
        return z.NEVER;
      }
      return prices;
    });
}

/** The variables that choose the models on offer, reach them and price them, and pace their jobs. */
export const providerEnv = {
  // The models users may pick from, the default first. IMAGE_PROVIDER names one alone.
  IMAGE_PROVIDERS: providerList.optional().or(z.literal("").transform(() => undefined)),
  IMAGE_PROVIDER: z.enum(providerIds).default("offline"),
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: providerUrl,
  OPENAI_IMAGE_MODEL: z.string().min(1).default("gpt-image-1.5"),
  OPENAI_PRICE: priceSetting("standard"),
  GEMINI_API_KEY: optionalText,
  GEMINI_BASE_URL: providerUrl,
  GEMINI_IMAGE_MODEL: z.string().min(1).default("gemini-2.5-flash-image"),
  GEMINI_PRICE: priceSetting("standard"),
  FAL_KEY: optionalText,
  FAL_BASE_URL: providerUrl,
  FAL_MODEL: z.string().min(1).default("fal-ai/flux-pro/kontext/max/multi"),
  // The endpoint that repaints a painted region of an image.
  FAL_FILL_MODEL: z.string().min(1).default("fal-ai/flux-pro/v1/fill"),
  // The AI upscaler offered as "AI upscale" on fal.
  FAL_UPSCALE_MODEL: z.string().min(1).default("fal-ai/esrgan"),
  FAL_PRICE: priceSetting("standard"),
  COMFYUI_URL: providerUrl,
  // A workflow in ComfyUI's API format with Motif's placeholders; the shipped one when unset.
  COMFYUI_WORKFLOW: optionalText,
  // A second workflow for styles with reference images (the shipped reference-img2img.json, say).
  COMFYUI_REFERENCE_WORKFLOW: optionalText,
  // The workflows that edit an image from words ({{image}}) and repaint a region ({{image}}, {{mask}}); the shipped ones when unset.
  COMFYUI_EDIT_WORKFLOW: optionalText,
  COMFYUI_INPAINT_WORKFLOW: optionalText,
  // The AI upscale workflow ({{image}}, {{scale_by}}), e.g. the shipped upscale.json once its model is installed.
  COMFYUI_UPSCALE_WORKFLOW: optionalText,
  // Sent as Authorization to a ComfyUI behind an authenticating proxy ("Bearer …").
  COMFYUI_AUTH_HEADER: optionalText,
  COMFYUI_PRICE: priceSetting("standard"),
  // What the preview engine charges: free, standard, or a fraction of the standard price.
  PREVIEW_PRICE: priceSetting("free", 1),
  PROVIDER_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(120),
  PROVIDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  PROVIDER_CONCURRENCY_PER_USER: z.coerce.number().int().min(1).max(64).optional(),
  PROVIDER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(600).default(30),
};
