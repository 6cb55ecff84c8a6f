import { z } from "zod";
import { nameText } from "./requests/building-blocks";
import { optionalWebhookUrlSchema, webhookDeliveryViewSchema } from "./webhooks";

/** Keys a user may hold at once (revoked ones not counted). */
export const API_KEYS_MAX = 20;

/** POST /api/keys */
export const createApiKeySchema = z
  .object({
    name: nameText({ empty: "Give the key a name.", max: 60, tooLong: "Keep the name to 60 characters." }),
    expiresInDays: z
      .number({ error: "Choose when the key expires." })
      .int()
      .min(1, "A key lasts at least a day.")
      .max(3650, "A key lasts at most ten years.")
      .optional(),
    monthlyCreditCap: z
      .number({ error: "The cap is a number of credits." })
      .int()
      .min(1, "The cap is at least 1 credit.")
      .max(10_000_000)
      .optional(),
    webhookUrl: optionalWebhookUrlSchema.optional().meta({
      description:
        "Where the key's jobs' endings are posted (a public http(s) URL; https in production). Null or empty: none.",
    }),
    workspaceId: z.string().min(1).max(100).optional().meta({
      description:
        "The workspace the key acts in: your own (your user id) or a team you are in. Default: the one you are in now.",
    }),
  })
  .strict();
export type CreateApiKeyInput = z.output<typeof createApiKeySchema>;

/** PATCH /api/keys/:id: sets (or, with null or "", clears) the key's webhook. */
export const updateApiKeySchema = z
  .object({
    webhookUrl: optionalWebhookUrlSchema.meta({ description: "The new webhook URL, or null to remove the webhook." }),
  })
  .strict();
export type UpdateApiKeyInput = z.output<typeof updateApiKeySchema>;

/** A key as lists show it: never the secret. */
export const apiKeyViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().meta({ description: 'The secret\'s first characters ("mtf_Ab12Cd34").' }),
    workspaceId: z.string().meta({ description: "The workspace it acts in: your user id, or a team's id." }),
    createdAt: z.string().meta({ format: "date-time" }),
    expiresAt: z.string().meta({ format: "date-time" }).nullable(),
    lastUsedAt: z.string().meta({ format: "date-time" }).nullable(),
    monthlyCreditCap: z.number().int().nullable(),
    spentThisMonth: z.number().int().meta({ description: "Credits its generations spent this calendar month (UTC)." }),
    webhookUrl: z.string().nullable().meta({ description: "Where its jobs' endings are posted; null: no webhook." }),
    lastDelivery: webhookDeliveryViewSchema
      .nullable()
      .meta({ description: "Its most recent webhook event and how its delivery went; null before the first." }),
  })
  .meta({ id: "ApiKey", description: "An API key, without its secret." });
export type ApiKeyView = z.output<typeof apiKeyViewSchema>;

export const apiKeyMessages = {
  invalid: "This API key is not valid.",
  revoked: "This API key was revoked.",
  expired: "This API key has expired.",
  sessionOnly: "API keys cannot manage keys or the account: sign in to Motif in a browser to do that.",
  keyOnly: "This call reads the API key that makes it: send one as Authorization: Bearer <key>.",
  tooMany: `You have ${API_KEYS_MAX} keys: revoke one before creating another.`,
} as const;

export function capExceededMessage(cap: number, spent: number, price: number): string {
  return `This API key may spend ${cap} credits a month; it has spent ${spent} this month and this needs ${price}.`;
}
