import { z } from "zod";
import {
  bool,
  creditPacks,
  isFile,
  oauthClient,
  oauthEnv,
  optionalText,
  stripeApiBase,
  trainingPrices,
} from "./config/env-values.server";
import {
  providerPacingEnv,
  providersEnvSchema,
  readProviders,
  type EnvIssue,
  type ProviderEnvSpec,
  type ProviderSettingsBase,
} from "./config/provider-env.server";
import { parseAllowedNetworks } from "./net/address-policy.server";
import { CREDIT_PACKS_FORMAT } from "#domain/credit-packs";
import { ANNOUNCEMENT_MAX, signupPolicies, type InstanceSettings } from "#domain/instance-settings";
import { signupDomainSchema } from "#domain/requests/instance-settings";

const logLevel = z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info");

/** LOG_LEVEL alone, for the logger (which must work before, and whatever, the rest is read). */
export const logLevelOf = (env: Record<string, string | undefined>) => logLevel.catch("info").parse(env.LOG_LEVEL);

/** Housekeeping runs every five minutes, once across all processes. */
export const DEFAULT_HOUSEKEEPING_SCHEDULE = "*/5 * * * *";

const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/ })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/ })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    LOG_LEVEL: logLevel,
    WORKER: z.enum(["on", "off"]).default("on"),
    // Documents render on a second thread where the machine has two cores or more (docs/decisions/133).
    RENDER_THREAD: z.enum(["on", "off"]).default("on"),
    // When housekeeping runs (a cron expression, checked when a worker starts): once across all processes.
    HOUSEKEEPING_SCHEDULE: z.string().trim().min(9).default(DEFAULT_HOUSEKEEPING_SCHEDULE),
    TRUST_PROXY: bool.default(false),
    // Other sites whose pages may call the API and MCP with an API key (CORS): "https://tools.example.com,…".
    CORS_ORIGINS: z
      .string()
      .default("")
      .transform((text, ctx) => {
        const origins = text
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean);
        const bad = origins.find((entry) => !URL.canParse(entry) || new URL(entry).origin !== entry);
        if (bad === undefined) return origins;
        ctx.addIssue({
          code: "custom",
          message: `"${bad}" is not an origin (a scheme and host, like https://tools.example.com)`,
        });
        return z.NEVER;
      }),
    // Adds Server-Timing (database statements per request) to responses: for measuring, not for the public.
    SERVER_TIMING: bool.default(false),
    // The bearer token /metrics asks for; unset, only a scraper on this machine gets it.
    METRICS_TOKEN: z
      .string()
      .min(16, "must be at least 16 characters")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    SMTP_URL: z
      .url({ protocol: /^smtps?$/ })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    MAIL_FROM: z.string().min(3).default("Motif <no-reply@localhost>"),
    LOGIN_LINK_TTL_MINUTES: z.coerce
      .number()
      .positive()
      .max(24 * 60)
      .default(15),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    SIGNUP_CREDITS: z.coerce.number().int().min(0).max(1_000_000).default(100),
    // Defaults for what the operator console changes without a restart (domain/instance-settings.ts).
    SIGNUP_POLICY: z.enum(signupPolicies).default("open"),
    SIGNUP_DOMAINS: z
      .string()
      .default("")
      .transform((list) => list.split(",").filter((d) => d.trim() !== ""))
      .pipe(z.array(signupDomainSchema)),
    ANNOUNCEMENT: z.string().trim().max(ANNOUNCEMENT_MAX).default(""),
    REMOVE_BACKGROUND_CREDITS: z.coerce.number().int().min(0).max(1000).default(1),
    // What a training costs per 1,000 steps, by provider; whether Motif keeps the trained weights; how often it looks.
    TRAINING_PRICES: trainingPrices,
    KEEP_TRAINED_WEIGHTS: bool.default(true),
    TRAINING_POLL_SECONDS: z.coerce.number().min(0.2).max(600).default(15),
    // The longest side an upscale may make (a 1536 px portrait ×4 is 6144).
    UPSCALE_MAX_SIDE: z.coerce.number().int().min(256).max(16384).default(8192),
    // Private networks webhooks may reach besides the public internet, as CIDRs: "10.1.0.0/16,192.168.7.20".
    WEBHOOK_ALLOWED_NETWORKS: z
      .string()
      .default("")
      .transform((text, ctx) => {
        const parsed = parseAllowedNetworks(text);
        if (!("invalid" in parsed)) return parsed;
        ctx.addIssue({
          code: "custom",
          message: `"${parsed.invalid}" is not an address or network (like 10.1.0.0/16, prefix 8 or more)`,
        });
        return z.NEVER;
      }),
    ADDRESS_HASH_SECRET: z
      .string()
      .min(16)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    SIGNIN_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(5),
    SIGNIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
    SIGNIN_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
    EVENT_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
    EVENT_STREAMS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(50),
    EVENT_STREAM_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
    ...oauthEnv("GITHUB"),
    ...oauthEnv("GOOGLE"),
    ...oauthEnv("FACEBOOK"),
    ...oauthEnv("TWITTER"),
    ...providerPacingEnv,
    // Requests one API key may make a minute, counted across every process.
    API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
    MAX_UPLOAD_MB: z.coerce.number().positive().max(50).default(10),
    S3_BUCKET: z
      .string()
      .min(3)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ENDPOINT: z
      .url()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    S3_ACCESS_KEY_ID: z
      .string()
      .min(1)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    S3_SECRET_ACCESS_KEY: z
      .string()
      .min(1)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    S3_FORCE_PATH_STYLE: bool.default(false),
    // Operators: comma-separated addresses; when unset, the first account is the operator.
    ADMIN_EMAILS: z
      .string()
      .default("")
      .transform((list) =>
        list
          .split(",")
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email("must be a comma-separated list of e-mail addresses"))),
    // An ONNX matting model for the matte and "Remove background" (docs/decisions/028).
    MATTE_MODEL_PATH: optionalText,
    MATTE_MODEL_NORMALISATION: z.enum(["imagenet", "imagenet-mean", "symmetric", "unit"]).default("imagenet"),
    // Selling credits: all three set, or Stripe unset and the Buy credits page hidden.
    CREDIT_PACKS: creditPacks,
    STRIPE_SECRET_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_live_…, sk_test_… or rk_…)")
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: optionalText.pipe(
      z
        .string()
        .regex(/^whsec_\w+$/, "must be the webhook endpoint's signing secret (whsec_…)")
        .optional(),
    ),
    STRIPE_API_BASE: z
      .url({ protocol: /^https?$/ })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    GITHUB_URL: z.url().default("https://github.com"),
    GITHUB_API_URL: z.url().default("https://api.github.com"),
  })
  .superRefine((env, ctx) => {
    // One Stripe key without the other would take payments that never grant credits.
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      const [set, missing] = env.STRIPE_SECRET_KEY
        ? ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]
        : ["STRIPE_WEBHOOK_SECRET", "STRIPE_SECRET_KEY"];
      ctx.addIssue({ code: "custom", path: [missing], message: `is required when ${set} is set` });
    }
    if (env.SIGNUP_POLICY === "domains" && env.SIGNUP_DOMAINS.length === 0)
      ctx.addIssue({ code: "custom", path: ["SIGNUP_DOMAINS"], message: "is required when SIGNUP_POLICY is domains" });
  })
  .transform((env) => ({
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port: env.PORT,
    host: env.HOST,
    // Links in e-mail are built from this, never from a request's Host header.
    publicUrl: new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin,
    // Unset, loopback addresses on PORT may sign in as well (server/http/origin-check.server.ts).
    publicUrlSet: env.PUBLIC_URL !== undefined,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    worker: env.WORKER === "on",
    renderThread: env.RENDER_THREAD === "on",
    housekeepingSchedule: env.HOUSEKEEPING_SCHEDULE,
    trustProxy: env.TRUST_PROXY,
    corsOrigins: env.CORS_ORIGINS,
    serverTiming: env.SERVER_TIMING,
    metricsToken: env.METRICS_TOKEN,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    auth: {
      loginLinkTtlMs: env.LOGIN_LINK_TTL_MINUTES * 60_000,
      sessionTtlMs: env.SESSION_TTL_DAYS * 86_400_000,
      // The __Host- prefix and Secure flag need HTTPS.
      secureCookies: (env.PUBLIC_URL ?? "").startsWith("https:"),
      limits: {
        perEmail: env.SIGNIN_LIMIT_PER_EMAIL,
        perIp: env.SIGNIN_LIMIT_PER_IP,
        windowMs: env.SIGNIN_LIMIT_WINDOW_MINUTES * 60_000,
      },
      oauth: {
        github: oauthClient(env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET, {
          baseUrl: env.GITHUB_URL.replace(/\/$/, ""),
          apiUrl: env.GITHUB_API_URL.replace(/\/$/, ""),
        }),
        google: oauthClient(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, {}),
        facebook: oauthClient(env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET, {}),
        twitter: oauthClient(env.TWITTER_CLIENT_ID, env.TWITTER_CLIENT_SECRET, {}),
      },
    },
    credits: {
      addressHashSecret: env.ADDRESS_HASH_SECRET,
      removeBackground: env.REMOVE_BACKGROUND_CREDITS,
    },
    upscale: { maxSide: env.UPSCALE_MAX_SIDE },
    training: {
      prices: env.TRAINING_PRICES,
      keepWeights: env.KEEP_TRAINED_WEIGHTS,
      pollMs: env.TRAINING_POLL_SECONDS * 1000,
    },
    webhooks: { allowedNetworks: env.WEBHOOK_ALLOWED_NETWORKS },
    adminEmails: env.ADMIN_EMAILS,
    instance: {
      signupPolicy: env.SIGNUP_POLICY,
      signupDomains: env.SIGNUP_DOMAINS,
      signupGrant: env.SIGNUP_CREDITS,
      announcement: env.ANNOUNCEMENT,
    } satisfies InstanceSettings,
    apiKeys: { perMinute: env.API_KEY_REQUESTS_PER_MINUTE },
    // Set only when Stripe is configured: it turns on the Buy credits page, checkout and the webhook.
    billing:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            api: stripeApiBase(env.STRIPE_API_BASE),
            packs: env.CREDIT_PACKS,
          }
        : undefined,

    // Live event streams: caps per process, and how often each sends a keep-alive and re-checks its session.
    eventStreams: {
      perUser: env.EVENT_STREAMS_PER_USER,
      perIp: env.EVENT_STREAMS_PER_IP,
      heartbeatMs: env.EVENT_STREAM_HEARTBEAT_SECONDS * 1000,
    },
    storage: env.S3_BUCKET
      ? {
          kind: "s3" as const,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : { kind: "disk" as const },
    matting: env.MATTE_MODEL_PATH
      ? { modelPath: env.MATTE_MODEL_PATH, normalisation: env.MATTE_MODEL_NORMALISATION }
      : undefined,
    generation: {
      timeoutMs: env.PROVIDER_TIMEOUT_SECONDS * 1000,
      concurrency: env.PROVIDER_CONCURRENCY,
      // One user's jobs may hold at most this many of a worker's slots: half by default, so another's start at once.
      perUserConcurrency: env.PROVIDER_CONCURRENCY_PER_USER ?? Math.ceil(env.PROVIDER_CONCURRENCY / 2),
      maxAttempts: env.PROVIDER_MAX_ATTEMPTS,
      heartbeatSeconds: env.JOB_HEARTBEAT_SECONDS,
      maxUploadBytes: Math.round(env.MAX_UPLOAD_MB * 1024 * 1024),
    },
  }))
  .superRefine((config, ctx) => {
    if (config.matting && !isFile(config.matting.modelPath)) {
      ctx.addIssue({
        code: "custom",
        path: ["MATTE_MODEL_PATH"],
        message: "must name an .onnx model file that exists",
      });
    }
    if (config.billing && config.billing.packs.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["CREDIT_PACKS"],
        message: `is required when Stripe is configured: ${CREDIT_PACKS_FORMAT}`,
      });
    }
    if (config.generation.perUserConcurrency > config.generation.concurrency) {
      ctx.addIssue({
        code: "custom",
        path: ["PROVIDER_CONCURRENCY_PER_USER"],
        message: "must not be more than PROVIDER_CONCURRENCY",
      });
    }
  });

/** The configuration: everything but the providers, and the providers the process was given. */
export type Config = Omit<z.output<typeof configSchema>, "generation"> & {
  generation: z.output<typeof configSchema>["generation"] & {
    /** The models offered to users, the default first. */
    providers: string[];
    /** Each provider's settings, read by its plugin (only it knows their shape). */
    settings: Record<string, ProviderSettingsBase>;
  };
};

/** Every environment variable the server reads with these providers (the deploy files are checked against it). */
export const configVariableNamesWith = (providers: readonly ProviderEnvSpec[]): readonly string[] => [
  ...Object.keys(configSchema.in.shape),
  ...Object.keys(providersEnvSchema(providers).shape),
];

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/**
 * Parses the environment with the providers the process offers (its plugins, handed down by
 * the composition); throws a ConfigError naming every bad variable.
 */
export function parseConfigWith(
  env: Record<string, string | undefined>,
  providers: readonly ProviderEnvSpec[],
): Config {
  const result = configSchema.safeParse(env);
  const chosen = readProviders(providers, env);
  const issues: EnvIssue[] = [
    ...(result.success ? [] : result.error.issues),
    ...("issues" in chosen ? chosen.issues : []),
  ];
  if (!result.success || "issues" in chosen) {
    throw new ConfigError(
      issues.map((issue) => {
        const name = issue.path.join(".") || "environment";
        return `${name}: ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])] ?? null)})`;
      }),
    );
  }
  return { ...result.data, generation: { ...result.data.generation, ...chosen } };
}
