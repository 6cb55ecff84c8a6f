import { z } from "zod";
import { apiKeyViewSchema } from "./api-keys";
import { modelsViewSchema } from "./models";
import { imageSignature } from "./image-links";
import { detailValues, imageSizeValues } from "./images";
import { jobStatuses } from "./jobs";
import { jobViewSchema, objectDetailSchema, objectImageViewSchema } from "./objects";
import { providerViewSchema, staleReasonValues, styleViewSchema } from "./styles";
import { profileSchema } from "./users";
import { webhookDeliveryViewSchema } from "./webhooks";
import { connectionCheckSchema, setupStatusSchema, testEmailResultSchema } from "./setup";

/**
 * The bodies the /api routes answer with that are not one of the views: what a route
 * assembles around them. The API reference is built from these, and the tests check
 * every answer against that reference, so a route that answers otherwise fails them.
 */

export const successReply = z.object({ success: z.boolean() }).meta({ id: "Success" });
export const okReply = z.object({ ok: z.literal(true) }).meta({ id: "Ok" });

/** A job just submitted: enough to poll it. */
export const jobRefSchema = z
  .object({
    id: z.string(),
    status: z.enum(jobStatuses),
    credits: z.number().int().meta({ description: "The credits reserved for it." }),
  })
  .meta({ id: "JobRef", description: "A job just submitted: poll GET /api/jobs/{id}." });

export const stylesListReply = z.object({
  styles: z.array(styleViewSchema),
  nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null on the last." }),
  provider: providerViewSchema,
  models: modelsViewSchema,
});

export const styleReply = z.object({ style: styleViewSchema });

export const styleCreatedReply = z.object({
  style: z.object({ id: z.string(), name: z.string() }),
  job: jobRefSchema.meta({ description: "The job making the style's sample images." }),
});

export const styleEditedReply = z.object({
  style: z.object({ id: z.string(), name: z.string(), samplesStale: z.array(z.enum(staleReasonValues)) }),
});

export const referencesAddedReply = z.object({
  references: z.array(z.object({ id: z.string(), url: z.string(), signature: imageSignature })),
});

export const sampleJobReply = z.object({ job: jobRefSchema });

export const cancelledReply = z.object({
  refunded: z.number().int().meta({ description: "Credits given back: the images not made." }),
  message: z.string().nullable().meta({ description: "What the job ended with, in words." }),
});

export const objectsSubmittedReply = z.object({
  job: jobViewSchema,
  objects: z.array(z.object({ id: z.string(), name: z.string() })),
  settings: z
    .object({
      size: z.enum(imageSizeValues),
      detail: z.enum(detailValues),
      transparent: z.boolean(),
      variations: z.number().int(),
      model: z.string(),
    })
    .meta({ description: "What the set is made with: what the request left out is the style's own setting." }),
});

export const objectReply = z.object({ object: objectDetailSchema });
export const jobReply = z.object({ job: jobViewSchema });
export const jobCancelledReply = cancelledReply.extend({ job: jobViewSchema });
/** An image made from another (a background removal, an upscale). */
export const madeImageReply = z.object({ image: objectImageViewSchema });

export const userEnsuredReply = z.object({
  created: z.boolean().meta({ description: "True the first time: the record was made, with the sign-up credits." }),
  user: profileSchema,
});
export const profileReply = z.object({ user: profileSchema });

export const idTokenReply = z.object({
  idToken: z.string().meta({ description: "Short-lived: exchange it at POST /api/auth/token." }),
});
export const linkStatusReply = z.object({ usable: z.boolean() });
export const signedInReply = z.object({ user: z.object({ uid: z.string(), email: z.string() }) });

export const setupStatusReply = z.object({ status: setupStatusSchema });
export const connectionCheckReply = z.object({ check: connectionCheckSchema });
export const testEmailReply = z.object({ result: testEmailResultSchema });

export const apiKeysReply = z.object({ keys: z.array(apiKeyViewSchema) });
export const webhookDeliveryReply = z.object({ delivery: webhookDeliveryViewSchema });
export const webhookDeliveriesReply = z.object({
  deliveries: z
    .array(webhookDeliveryViewSchema)
    .meta({ description: "The key's most recent deliveries (up to 50), newest first." }),
});
export const currentApiKeyReply = z.object({ key: apiKeyViewSchema });
const webhookSecret = z.string().nullable().meta({
  description:
    "The webhook signing secret (`whsec_…`), shown this once: present when a webhook URL was set on a key that had none, null otherwise.",
});
export const apiKeyCreatedReply = z.object({
  key: apiKeyViewSchema,
  secret: z.string().meta({
    description: "The key itself: shown this once, never stored. Send it as `Authorization: Bearer <secret>`.",
  }),
  webhookSecret,
});
export const apiKeyUpdatedReply = z.object({ key: apiKeyViewSchema, webhookSecret });

/** GET /api/credits/packs */
export const creditPacksReply = z.object({
  packs: z.array(
    z.object({
      id: z.string().meta({ description: "Its credits and currency, e.g. 500-usd." }),
      credits: z.number().int(),
      amount: z.number().int().meta({ description: "The price in the currency's smallest unit (cents)." }),
      currency: z.string().meta({ description: "Lower-case ISO 4217 code." }),
      price: z.string().meta({ description: "The price as people read it, e.g. $20.00." }),
    }),
  ),
});

/** POST /api/credits/checkout */
export const checkoutReply = z.object({
  url: z.string().meta({ description: "Stripe Checkout's page for this purchase: send the buyer there." }),
});
export const checkoutRequest = z.object({ packId: z.string().min(1, "Choose a credit pack.").max(64) }).strict();

/** POST /api/credits/request */
export const creditRequestReply = z.object({
  sent: z.literal(true).meta({ description: "The operators were e-mailed." }),
});

/** POST /api/stripe/webhook */
export const webhookReceivedReply = z.object({ received: z.literal(true) });
