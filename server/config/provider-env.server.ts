import { z } from "zod";
import type { PriceTable } from "#domain/pricing";

/** What every provider's settings hold besides its own: its price table. */
export interface ProviderSettingsBase {
  price: PriceTable;
}

/**
 * What the configuration reads of one image provider: its id, the variables it reads, its
 * settings from them, and the variable it cannot be enabled without. The engine's provider
 * plugins are these and more; the process hands its plugins to `parseConfigWith`, so the
 * configuration names no provider (docs/decisions/110).
 */
export interface ProviderEnvSpec {
  id: string;
  env: z.ZodRawShape;
  // `never`: each provider's functions take its own settings, which only it reads.
  settings(env: never): ProviderSettingsBase;
  required?: { variable: string; isSet(settings: never): boolean };
}

/** The variables that choose the models on offer from `specs`, and each provider's own. */
export function providersEnvSchema(specs: readonly ProviderEnvSpec[]) {
  const ids = specs.map((spec) => spec.id) as [string, ...string[]];
  const list = z
    .string()
    .transform((text) =>
      text
        .split(",")
        .map((id) => id.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.enum(ids, `must be a comma-separated list of ${ids.join(", ")}`))
        .min(1)
        .refine((chosen) => new Set(chosen).size === chosen.length, "must not name a provider twice"),
    );
  return z.object({
    // The models users may pick from, the default first. IMAGE_PROVIDER names one alone.
    IMAGE_PROVIDERS: list.optional().or(z.literal("").transform(() => undefined)),
    // The first provider (the preview engine) when neither is set.
    IMAGE_PROVIDER: z.enum(ids).default(ids[0]),
    // Each provider's own: its key, address, model, workflows and price.
    ...Object.assign({}, ...specs.map((spec) => spec.env)),
  });
}

/** The variables that pace every provider's jobs. */
export const providerPacingEnv = {
  PROVIDER_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(120),
  PROVIDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  PROVIDER_CONCURRENCY_PER_USER: z.coerce.number().int().min(1).max(64).optional(),
  PROVIDER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(600).default(30),
};

/** A variable that is wrong, and how. */
export interface EnvIssue {
  path: PropertyKey[];
  message: string;
}

/** The providers on offer (the default first) and each one's settings, or the issues found. */
export function readProviders(
  specs: readonly ProviderEnvSpec[],
  env: Record<string, string | undefined>,
): { providers: string[]; settings: Record<string, ProviderSettingsBase> } | { issues: EnvIssue[] } {
  const parsed = providersEnvSchema(specs).safeParse(env);
  if (!parsed.success) return { issues: parsed.error.issues };
  const values = parsed.data as Record<string, unknown> & { IMAGE_PROVIDERS?: string[]; IMAGE_PROVIDER: string };
  const providers = values.IMAGE_PROVIDERS ?? [values.IMAGE_PROVIDER];
  const settings = Object.fromEntries(
    specs.map((spec) => [spec.id, (spec.settings as (env: unknown) => ProviderSettingsBase)(values)]),
  );
  const issues: EnvIssue[] = [];
  for (const id of providers) {
    const required = specs.find((spec) => spec.id === id)?.required;
    if (required && !(required.isSet as (settings: unknown) => boolean)(settings[id])) {
      issues.push({ path: [required.variable], message: `is required when the ${id} provider is enabled` });
    }
  }
  return issues.length ? { issues } : { providers, settings };
}
