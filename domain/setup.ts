import { z } from "zod";
import { trimmedTextMeta } from "./text";

/** One enabled image provider, for its operator. */
export const engineStatusSchema = z.object({
  id: z.string().meta({
    description:
      'The provider id ("openai", "azure-openai", "gemini", "fal", "replicate", "bfl", "stability", "recraft", "comfyui", "a1111", "offline").',
  }),
  name: z.string().meta({ description: '"OpenAI Images API", "Preview engine"…' }),
  model: z.string(),
  host: z
    .string()
    .nullable()
    .meta({ description: "The host it reaches (no credentials); null for the preview engine." }),
  addressVariable: z
    .string()
    .nullable()
    .meta({ description: "The variable that moved it from the service's own address, when one did." }),
  isDefault: z.boolean(),
  preview: z.boolean(),
});
export type EngineStatus = z.output<typeof engineStatusSchema>;

/** A model on offer with the outcome of its last connection check (at start, by the operator, or a recheck). */
export const checkedEngineSchema = engineStatusSchema.extend({
  lastCheck: z
    .object({
      ok: z.boolean(),
      message: z.string().meta({ description: "Why it failed, in plain words; empty when it answered." }),
      checkedAt: z.string().meta({ format: "date-time" }),
    })
    .nullable()
    .meta({ description: "null for the preview engine, or before the first check of this model." }),
});
export type CheckedEngine = z.output<typeof checkedEngineSchema>;

/** What the setup page shows about this instance. Never a key, password or full URL with credentials. */
export const setupStatusSchema = z
  .object({
    engines: z.array(checkedEngineSchema).meta({ description: "The models on offer, the default first." }),
    mail: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("outbox"), folder: z.string() }),
      z.object({ kind: z.literal("smtp"), host: z.string(), port: z.number().int().nullable(), from: z.string() }),
    ]),
    storage: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("disk"), folder: z.string() }),
      z.object({ kind: z.literal("s3"), bucket: z.string(), region: z.string(), endpointHost: z.string().nullable() }),
    ]),
    database: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("pglite"), folder: z.string(), version: z.string() }),
      z.object({ kind: z.literal("postgres"), host: z.string(), name: z.string(), version: z.string() }),
    ]),
    operatorRule: z
      .enum(["admin_emails", "first_account"])
      .meta({ description: "Why the signed-in person is the operator." }),
  })
  .meta({ id: "SetupStatus", description: "The instance's settings, for its operator. Never a secret." });
export type SetupStatus = z.output<typeof setupStatusSchema>;

/** POST /api/setup/test-connection: the provider to check (the default when left out). */
export const connectionCheckBody = z
  .object({ provider: z.string().trim().min(1).max(32).meta(trimmedTextMeta(32)).optional() })
  .strict()
  .optional();

/** One call to the image provider, made to prove the settings work. */
export const connectionCheckSchema = z
  .object({
    ok: z.boolean(),
    latencyMs: z
      .number()
      .min(0)
      .meta({ description: "Milliseconds the provider took to answer (0 for the preview engine)." }),
    message: z.string().meta({ description: "What happened, in plain words, for the operator." }),
    modelAvailable: z
      .boolean()
      .nullable()
      .meta({ description: "Whether the configured model was among those the provider listed; null when not asked." }),
  })
  .meta({ id: "ConnectionCheck" });
export type ConnectionCheck = z.output<typeof connectionCheckSchema>;

export const testEmailResultSchema = z
  .object({
    ok: z.boolean(),
    to: z.string(),
    message: z.string().meta({ description: "Where the message went, or why it did not, in plain words." }),
  })
  .meta({ id: "TestEmailResult" });
export type TestEmailResult = z.output<typeof testEmailResultSchema>;

/** The setup actions take no parameters: an empty body (or none) is the only valid one. */
export const setupActionBody = z.object({}).strict().optional();

/** How often an operator may run a setup check (each one calls an outside service). */
export const setupCheckLimit = { perWindow: 5, windowMs: 60_000 } as const;
