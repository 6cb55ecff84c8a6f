import { z } from "zod";
import { pluginEnv, providerIds } from "../generation/providers/plugins/index.server";

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

/** The variables that choose the models on offer, reach them and price them, and pace their jobs. */
export const providerEnv = {
  // The models users may pick from, the default first. IMAGE_PROVIDER names one alone.
  IMAGE_PROVIDERS: providerList.optional().or(z.literal("").transform(() => undefined)),
  IMAGE_PROVIDER: z.enum(providerIds).default("offline"),
  // Each provider's own: its key, address, model, workflows and price (plugins/<id>.server.ts).
  ...pluginEnv,
  PROVIDER_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(120),
  PROVIDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  PROVIDER_CONCURRENCY_PER_USER: z.coerce.number().int().min(1).max(64).optional(),
  PROVIDER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(600).default(30),
};
