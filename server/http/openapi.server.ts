import { z } from "zod";
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from "zod-openapi";
import * as replies from "#domain/api-replies";
import { creditHistoryPageSchema, creditHistoryQuerySchema } from "#domain/credits";
import { creditRequestBody } from "#domain/credit-requests";
import { apiErrorSchema, type AppErrorCode } from "#domain/errors";
import { liveEventSchemas } from "#domain/events";
import { idempotencyKeySchema } from "#domain/idempotency";
import { aiUpscaleSchema, editImageSchema, upscaleImageSchema } from "#domain/image-lineage";
import { appIconsQuerySchema, spriteSheetQuerySchema, svgSpriteQuerySchema } from "#domain/exports";
import { limits } from "#domain/limits";
import {
  exportQuerySchema,
  generateObjectsSchema,
  listObjectsQuerySchema,
  objectPageSchema,
  removeBackgroundSchema,
  updateObjectSchema,
  objectViewsRequestSchema,
  variationsRequestSchema,
} from "#domain/objects";
import { connectionCheckBody, setupActionBody, grantCreditsBody } from "#domain/setup";
import { createStyleSchema, updateStyleSchema } from "#domain/styles";
import { createApiKeySchema, updateApiKeySchema } from "#domain/api-keys";
import { optimizeQuerySchema } from "../images/optimize.server";
import { pageViewSchema } from "./analytics-api.server";
import { linkStatusSchema, signinSchema, tokenSchema, verifySchema } from "./auth-api.server";
import { statusByCode } from "./errors.server";
import {
  createStyleSamples,
  exportZipSamples,
  generateObjectsSamples,
  pollJobSamples,
  type CodeSample,
} from "./openapi-examples.server";
import { operatorCommandReplySchema, operatorCommandSchema } from "./operator-api.server";

const grantCreditsReply = z
  .object({ message: z.string().meta({ example: "Granted 100 credits to ann@example.com: balance 350." }) })
  .meta({ id: "GrantCreditsReply" });

/**
 * The API's version. A breaking change (a field removed or renamed, a meaning changed)
 * is never made in place: it is mounted under a new prefix, and this document says so.
 */
export const API_VERSION = "1.0.0";

/** The session cookie's name; over HTTPS the browser keeps it as `__Host-motif_session`. */
export const SESSION_COOKIE = "motif_session";

type Method = "get" | "post" | "patch" | "delete";
type Access = "public" | "user" | "operator" | "session";

interface Reply {
  description: string;
  /** A JSON body. */
  json?: z.ZodType;
  /** Any other bodies, by media type (files, ZIPs, event streams, HTML). */
  media?: Record<string, { schema: Record<string, unknown> } & Record<string, unknown>>;
  headers?: Record<string, { description: string; schema: Record<string, unknown> }>;
}

/** One route of the API, as the reference describes it. */
export interface ApiOperation {
  method: Method;
  /** The Express path pattern the route is mounted at, e.g. "/api/objects/:id/variations". */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** Who may call it: anyone, a signed-in user (session or key), a browser session only, or the operator (in a browser). */
  access: Access;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  json?: z.ZodType;
  multipart?: z.ZodType;
  /** A POST that spends credits: it takes an Idempotency-Key and may answer 402, 409 or 422. */
  spends?: boolean;
  responses: Record<number, Reply>;
  /** Error statuses beyond the ones its access, parameters and body imply. */
  errors?: number[];
  codeSamples?: CodeSample[];
}

const binary = { type: "string", format: "binary" };
const etag = { description: "The file's version: send it back as If-None-Match.", schema: { type: "string" } };
const cacheControl = (value: string) => ({ description: value, schema: { type: "string" } });
const notModified: Reply = { description: "The copy the client has (its If-None-Match) is current." };

const idempotencyHeaders = z.object({
  "Idempotency-Key": idempotencyKeySchema.meta({
    description:
      "Any 8 to 200 characters, new for each new request. A repeat with the same key and body gets the first answer (for 24 hours) and spends nothing again.",
  }),
});

/** POST /api/styles as a form: the fields, and up to five reference images. */
const createStyleForm = createStyleSchema.extend({
  references: z
    .array(z.string().meta({ format: "binary", contentMediaType: "image/*" }))
    .max(limits.referenceImages)
    .optional()
    .meta({ description: `Up to ${limits.referenceImages} reference images (PNG, JPEG or WebP).` }),
});

const referencesForm = z.object({
  references: z
    .array(z.string().meta({ format: "binary", contentMediaType: "image/*" }))
    .min(1)
    .max(limits.referenceImages),
});

const liveEventsDescription = `A Server-Sent Events stream of the signed-in user's changes. Each event's \`data\` is JSON:

- \`event: credits\` (CreditsEvent): the balance changed. A fresh stream starts with one.
- \`event: job\` (JobEvent): a job changed status.
- \`event: job-progress\` (JobProgressEvent): an image of a job was made, or a step of one.

Events carry an \`id\`: reconnect with \`Last-Event-ID\` (or \`?lastEventId=\`) to get what was missed. The stream ends with its session.`;

/** Every route under /api. A new route is added here, or the tests that compare this list with the router fail. */
export const apiOperations: ApiOperation[] = [
  // Styles
  {
    method: "get",
    path: "/api/styles",
    tag: "Styles",
    summary: "List your styles",
    description: "Your styles, newest first, with the operator's default model and the models on offer.",
    access: "user",
    responses: { 200: { description: "Your styles.", json: replies.stylesListReply } },
  },
  {
    method: "post",
    path: "/api/styles",
    tag: "Styles",
    summary: "Create a style",
    description:
      "Makes a style from a description, reference images, or both, and starts a paid job making its four sample images (the price is that of four images at the style's size and detail, at most Standard). Send JSON, or a multipart form when uploading reference images.",
    access: "user",
    json: createStyleSchema,
    multipart: createStyleForm,
    spends: true,
    responses: { 201: { description: "The style, and the job making its samples.", json: replies.styleCreatedReply } },
    codeSamples: createStyleSamples,
  },
  {
    method: "patch",
    path: "/api/styles/:id",
    tag: "Styles",
    summary: "Edit a style",
    description: "Changes any of the style's fields. Its samples are then marked stale until remade or kept.",
    access: "user",
    json: updateStyleSchema,
    responses: {
      200: { description: "The style, and what its samples are now stale for.", json: replies.styleEditedReply },
    },
  },
  {
    method: "delete",
    path: "/api/styles/:id",
    tag: "Styles",
    summary: "Delete a style",
    description: "Deletes the style, its objects and all their images.",
    access: "user",
    responses: { 200: { description: "Deleted.", json: replies.successReply } },
  },
  {
    method: "post",
    path: "/api/styles/:id/references",
    tag: "Styles",
    summary: "Add reference images",
    access: "user",
    multipart: referencesForm,
    errors: [409],
    responses: { 201: { description: "The images added.", json: replies.referencesAddedReply } },
  },
  {
    method: "delete",
    path: "/api/styles/:id/references/:referenceId",
    tag: "Styles",
    summary: "Remove a reference image",
    access: "user",
    errors: [409],
    responses: { 200: { description: "Removed.", json: replies.successReply } },
  },
  {
    method: "post",
    path: "/api/styles/:id/anchors",
    tag: "Styles",
    summary: "Make the missing samples",
    description:
      "After a failed or cancelled sample job: a paid job making only the samples the style lacks. While a sample job of the style is unfinished, that job is the answer (200) and nothing is charged again.",
    access: "user",
    spends: true,
    responses: {
      200: { description: "The style's unfinished sample job; nothing new was charged.", json: replies.sampleJobReply },
      201: { description: "The sample job.", json: replies.sampleJobReply },
    },
  },
  {
    method: "post",
    path: "/api/styles/:id/samples",
    tag: "Styles",
    summary: "Remake the samples",
    description:
      "A paid job replacing the four samples with ones made for what the style is now. While a sample job of the style is unfinished, that job is the answer (200) and nothing is replaced or charged.",
    access: "user",
    spends: true,
    responses: {
      200: { description: "The style's unfinished sample job; nothing new was charged.", json: replies.sampleJobReply },
      201: { description: "The sample job.", json: replies.sampleJobReply },
    },
  },
  {
    method: "post",
    path: "/api/styles/:id/samples/keep",
    tag: "Styles",
    summary: "Keep the samples after an edit",
    access: "user",
    responses: { 200: { description: "They are no longer stale.", json: replies.successReply } },
  },
  {
    method: "post",
    path: "/api/styles/:id/cancel",
    tag: "Styles",
    summary: "Cancel the sample job",
    description: "Stops the style's unfinished sample job; what was not made yet is refunded.",
    access: "user",
    errors: [409],
    responses: { 200: { description: "Cancelled.", json: replies.cancelledReply } },
  },

  // Objects
  {
    method: "post",
    path: "/api/objects",
    tag: "Objects",
    summary: "Generate a set of objects",
    description:
      "One object per subject, each made `variations` times in the style, as one job. The price is reserved now; images not made are refunded. Poll the job, or listen to /api/events.",
    access: "user",
    json: generateObjectsSchema,
    spends: true,
    responses: { 202: { description: "The job, and the objects it makes.", json: replies.objectsSubmittedReply } },
    codeSamples: generateObjectsSamples,
  },
  {
    method: "get",
    path: "/api/objects",
    tag: "Objects",
    summary: "List objects",
    description: "Your objects, a page at a time, filtered by style, set (the job that made them) or name.",
    access: "user",
    query: listObjectsQuerySchema,
    responses: { 200: { description: "A page of objects.", json: objectPageSchema } },
  },
  {
    method: "get",
    path: "/api/objects/export.zip",
    tag: "Objects",
    summary: "Download objects as a ZIP",
    description:
      "The chosen objects' images (the covers, or all) named by style and object, with a manifest.json of how each was made; SVGs too for flat styles when `svg=true`. Choose by `ids` (comma-separated), `setId` or `styleId`.",
    access: "user",
    query: exportQuerySchema,
    responses: {
      200: {
        description: "The ZIP archive.",
        media: { "application/zip": { schema: binary } },
        headers: {
          "Content-Disposition": { description: 'attachment; filename="…zip"', schema: { type: "string" } },
        },
      },
    },
    codeSamples: exportZipSamples,
  },
  {
    method: "get",
    path: "/api/objects/svg-sprite.svg",
    tag: "Objects",
    summary: "Download an SVG sprite",
    description:
      "One SVG with a `<symbol>` per chosen object whose style is flat (icons, line art, pixel art): its cover, traced, with the object's name as the symbol's id, for `<svg><use href=\"sprite.svg#health-potion\"/></svg>`. Objects in other looks are left out; when none is flat, 400. Choose by `ids` (comma-separated), `setId` or `styleId`.",
    access: "user",
    query: svgSpriteQuerySchema,
    responses: {
      200: {
        description: "The SVG sprite.",
        media: { "image/svg+xml": { schema: { type: "string" } } },
        headers: {
          "Content-Disposition": { description: 'attachment; filename="…-sprite.svg"', schema: { type: "string" } },
        },
      },
    },
  },
  {
    method: "get",
    path: "/api/objects/sprite-sheet.zip",
    tag: "Objects",
    summary: "Download a sprite sheet",
    description:
      "The chosen objects' images (the covers, or all) packed into one PNG (`sprites.png`, at most 4096 × 4096) with its atlas in TexturePacker's JSON hash format (`sprites.json`), which Phaser's `load.atlas` and PixiJS's `Assets.load` read. Each picture is scaled to fit a `frameSize` square, its see-through border cut off when `trim` is on (the atlas keeps where it sat), with `padding` pixels between frames. Frames are named after their objects. Choose by `ids` (comma-separated), `setId` or `styleId`. Refused with 400 when the images do not fit one sheet.",
    access: "user",
    query: spriteSheetQuerySchema,
    responses: {
      200: {
        description: "The ZIP archive.",
        media: { "application/zip": { schema: binary } },
        headers: {
          "Content-Disposition": { description: 'attachment; filename="…-sprites.zip"', schema: { type: "string" } },
        },
      },
    },
  },
  {
    method: "get",
    path: "/api/objects/:id/app-icons.zip",
    tag: "Objects",
    summary: "Download app icons",
    description:
      "App icons made from one of the object's images (its cover unless `imageId` names another): PNGs of every size from 16 to 1024 (`png/`), a `favicon.ico` (16, 32 and 48), an Xcode `ios/AppIcon.appiconset` with its `Contents.json` (opaque, on `background`: the App Store refuses transparency) and Android's `android/mipmap-*/ic_launcher.png` with a 512 px Play Store icon.",
    access: "user",
    query: appIconsQuerySchema,
    responses: {
      200: {
        description: "The ZIP archive.",
        media: { "application/zip": { schema: binary } },
        headers: {
          "Content-Disposition": { description: 'attachment; filename="…-app-icons.zip"', schema: { type: "string" } },
        },
      },
    },
  },
  {
    method: "get",
    path: "/api/objects/:id",
    tag: "Objects",
    summary: "Get an object with its images",
    access: "user",
    responses: { 200: { description: "The object.", json: replies.objectReply } },
  },
  {
    method: "patch",
    path: "/api/objects/:id",
    tag: "Objects",
    summary: "Rename an object or choose its cover",
    access: "user",
    json: updateObjectSchema,
    responses: { 200: { description: "The object.", json: replies.objectReply } },
  },
  {
    method: "delete",
    path: "/api/objects/:id",
    tag: "Objects",
    summary: "Delete an object",
    access: "user",
    responses: { 200: { description: "Deleted.", json: replies.successReply } },
  },
  {
    method: "post",
    path: "/api/objects/:id/variations",
    tag: "Objects",
    summary: "Make more variations",
    description: "More images of the object, matched to its cover; size, detail and model default to the cover's.",
    access: "user",
    json: variationsRequestSchema,
    spends: true,
    responses: { 202: { description: "The job.", json: replies.jobReply } },
  },
  {
    method: "post",
    path: "/api/objects/:id/views",
    tag: "Objects",
    summary: "Draw the object in new poses, views or states",
    description:
      'One new image of the object per entry of `views` ("running", "side view", "damaged"; up to 8, repeats dropped), each drawn from the object\'s cover and its style\'s references, so the object stays the same thing. Each image records the view it was asked for (`lineage.view`) and the cover it came from. Size, detail and model default to the cover\'s. Priced and paid like variations.',
    access: "user",
    json: objectViewsRequestSchema,
    spends: true,
    responses: { 202: { description: "The job.", json: replies.jobReply } },
  },
  {
    method: "post",
    path: "/api/objects/:id/edit",
    tag: "Objects",
    summary: "Edit an image with words, or repaint a region",
    description:
      "A new image of the object made from one of its images, changed as `instruction` says (\"wearing a red scarf\", \"make it night\"), in the object's style: the image goes to the model as the base, with the style's references. With `mask`, a PNG of the image's exact size whose light opaque pixels mark a region, only that region is drawn again and every other pixel (transparency included) is kept. Priced and paid like one image of the object; refunded if it fails. The model is the one asked for, else the style's default or the first model on offer that can do it; a model that cannot is refused with 409 and says why (see `edit` on each model in GET /api/models). The new image records what it was made from (`lineage`: `edited` or `repainted`, with the instruction).",
    access: "user",
    json: editImageSchema,
    spends: true,
    errors: [409],
    responses: { 202: { description: "The job.", json: replies.jobReply } },
  },
  {
    method: "post",
    path: "/api/objects/:id/remove-background",
    tag: "Objects",
    summary: "Remove an image's background",
    description:
      "A new, transparent image of the object from one of its images, at the operator's price. An image's background is removed once: asking again answers with that image (200) and charges nothing.",
    access: "user",
    json: removeBackgroundSchema,
    spends: true,
    responses: {
      200: {
        description: "The image made from it earlier; nothing was charged.",
        json: replies.madeImageReply,
      },
      201: { description: "The new image.", json: replies.madeImageReply },
    },
  },
  {
    method: "post",
    path: "/api/objects/:id/upscale",
    tag: "Objects",
    summary: "Upscale an image",
    description:
      "A new image of the object, 2 or 4 times the width and height of one of its images, by Motif's basic upscale: Lanczos resampling and light sharpening, no AI, free. Transparency is kept. An image is upscaled by each factor once: asking again answers with that image (200). Refused with 400 when the result would be longer on a side than the instance allows (`UPSCALE_MAX_SIDE`, 8192 by default).",
    access: "user",
    json: upscaleImageSchema,
    responses: {
      200: { description: "The image made from it earlier by the same factor.", json: replies.madeImageReply },
      201: { description: "The new image.", json: replies.madeImageReply },
    },
  },

  {
    method: "post",
    path: "/api/objects/:id/ai-upscale",
    tag: "Objects",
    summary: "Upscale an image with a model's AI upscaler",
    description:
      "A new image of the object, 2 or 4 times the width and height of one of its images, by the AI upscaler of a model on offer (fal's Real-ESRGAN, a ComfyUI upscale model; see `upscaler` on each model in GET /api/styles), as a paid job of one image: priced like one image of the object on that model, refunded if it fails, cancellable. Transparency is kept: the upscaler gets the picture without its alpha and Motif puts the alpha back, resampled. The model is the one asked for, else the style's default or the first on offer with an upscaler; none is a 409 (the basic upscale, POST /api/objects/{id}/upscale, works with every model). Refused with 400 when the result would be longer on a side than the instance allows.",
    access: "user",
    json: aiUpscaleSchema,
    spends: true,
    errors: [409],
    responses: { 202: { description: "The job.", json: replies.jobReply } },
  },
  // Jobs
  {
    method: "get",
    path: "/api/jobs/:id",
    tag: "Jobs",
    summary: "Get a job",
    description:
      "Status and per-object progress. A job is `queued`, then `running`, and ends `succeeded`, `failed` or `canceled`.",
    access: "user",
    responses: { 200: { description: "The job.", json: replies.jobReply } },
    codeSamples: pollJobSamples,
  },
  {
    method: "post",
    path: "/api/jobs/:id/cancel",
    tag: "Jobs",
    summary: "Cancel a job",
    description: "Keeps what is made, charges only that, and refunds the rest once.",
    access: "user",
    errors: [409],
    responses: { 200: { description: "The job, cancelled.", json: replies.jobCancelledReply } },
  },

  // Account
  {
    method: "post",
    path: "/api/users/new",
    tag: "Account",
    summary: "Ensure your user record",
    description:
      "Made once, with the sign-up credits; later calls answer 200 with the same record. Any other request of a signed-in user makes it too, so calling this is optional. When the address had the sign-up credits with an earlier account, the new record starts at 0 and a signed-in browser gets a short-lived cookie so its next page says why.",
    access: "user",
    responses: {
      200: { description: "The record already existed.", json: replies.userEnsuredReply },
      201: { description: "The record was made.", json: replies.userEnsuredReply },
    },
  },
  {
    method: "get",
    path: "/api/users/me",
    tag: "Account",
    summary: "Your profile and balance",
    access: "user",
    errors: [404],
    responses: { 200: { description: "Your profile.", json: replies.profileReply } },
  },
  {
    method: "get",
    path: "/api/users/me/credits",
    tag: "Account",
    summary: "Your credit history",
    description: "Every grant, charge and refund, newest first; `before` pages back.",
    access: "user",
    query: creditHistoryQuerySchema,
    responses: { 200: { description: "A page of the ledger.", json: creditHistoryPageSchema } },
  },
  {
    method: "delete",
    path: "/api/users/user",
    tag: "Account",
    summary: "Delete your account",
    description: "Deletes the account with everything in it, and ends the session. Only from a browser session.",
    access: "session",
    responses: { 200: { description: "Whether there was an account to delete.", json: replies.successReply } },
  },

  // Buying credits (only where the operator set up Stripe: 404 otherwise)
  {
    method: "get",
    path: "/api/credits/packs",
    tag: "Credits",
    summary: "Credit packs for sale",
    description: "The packs the operator sells (CREDIT_PACKS). 404 when this instance sells none.",
    access: "user",
    errors: [404],
    responses: { 200: { description: "The packs, cheapest first as configured.", json: replies.creditPacksReply } },
  },
  {
    method: "post",
    path: "/api/credits/checkout",
    tag: "Credits",
    summary: "Buy a credit pack",
    description:
      "Creates a Stripe Checkout Session for one pack and answers its page's address. The credits arrive when Stripe tells Motif the payment succeeded (the webhook), once per session.",
    access: "user",
    json: replies.checkoutRequest,
    headers: idempotencyHeaders.partial(),
    errors: [404, 422],
    responses: { 201: { description: "Where to pay.", json: replies.checkoutReply } },
  },
  {
    method: "post",
    path: "/api/credits/request",
    tag: "Credits",
    summary: "Ask the operators for credits",
    description:
      "E-mails the operators (ADMIN_EMAILS, or the first account) who is asking, their balance and the note. Once an hour per person: a second request within the hour answers 429 with Retry-After. Only from a browser session.",
    access: "session",
    json: creditRequestBody,
    errors: [429],
    responses: { 200: { description: "The operators were e-mailed.", json: replies.creditRequestReply } },
  },
  {
    method: "post",
    path: "/api/operator/credits",
    tag: "Credits",
    summary: "Grant credits from the operator's command (for `npm run credits` only)",
    description:
      "How `npm run credits -- grant <email> <credits>` reaches a running server that holds the embedded database. Only with the secret the server writes into its data folder's control.json (Authorization: Bearer); anything else answers 404. Not for clients.",
    access: "public",
    json: operatorCommandSchema,
    errors: [404],
    responses: {
      200: { description: "Granted.", json: operatorCommandReplySchema },
      400: { description: "Not granted, and why.", json: operatorCommandReplySchema },
    },
  },
  {
    method: "post",
    path: "/api/stripe/webhook",
    tag: "Credits",
    summary: "Stripe's events (for Stripe only)",
    description:
      "Where Stripe delivers checkout, refund and dispute events, verified by the Stripe-Signature header over the raw body. Not for clients.",
    access: "public",
    errors: [400, 404],
    responses: { 200: { description: "The event was verified and handled.", json: replies.webhookReceivedReply } },
  },

  // API keys (from a browser session only: a key never manages keys)
  {
    method: "get",
    path: "/api/keys/current",
    tag: "API keys",
    summary: "Read the calling API key",
    description:
      "The API key that makes this call, as the list shows it: its monthly credit cap and what it spent this month (UTC), its expiry and webhook. Called with a browser session instead of a key, it answers 400.",
    access: "user",
    responses: { 200: { description: "The key.", json: replies.currentApiKeyReply } },
  },
  {
    method: "get",
    path: "/api/keys",
    tag: "API keys",
    summary: "List your API keys",
    description: "The keys not revoked, newest first, with what each spent this month. Never their secrets.",
    access: "session",
    responses: { 200: { description: "Your keys.", json: replies.apiKeysReply } },
  },
  {
    method: "post",
    path: "/api/keys",
    tag: "API keys",
    summary: "Create an API key",
    description:
      "The secret is in this answer only: it is stored hashed. A key acts as you on every route here except key management and deleting the account, within its optional monthly credit cap. With `webhookUrl`, the key's jobs' endings are posted there, signed with `webhookSecret` (also in this answer only); a URL that does not reach a public address answers 400.",
    access: "session",
    json: createApiKeySchema,
    errors: [409],
    responses: { 201: { description: "The key, and its secret.", json: replies.apiKeyCreatedReply } },
  },
  {
    method: "patch",
    path: "/api/keys/:id",
    tag: "API keys",
    summary: "Set or remove an API key's webhook",
    description:
      "The URL must reach a public address (checked now, and again at each delivery). Setting one on a key that had none makes its signing secret, in this answer only; changing the URL keeps the secret; null removes the webhook and its secret. See the README's Webhooks section for the payload and how to verify its signature.",
    access: "session",
    json: updateApiKeySchema,
    responses: {
      200: { description: "The key, and a new signing secret if one was made.", json: replies.apiKeyUpdatedReply },
    },
  },
  {
    method: "delete",
    path: "/api/keys/:id",
    tag: "API keys",
    summary: "Revoke an API key",
    description: "At once: the key's next request answers 401, and its live event streams end.",
    access: "session",
    responses: { 204: { description: "Revoked." } },
  },

  // Live events
  {
    method: "get",
    path: "/api/events",
    tag: "Events",
    summary: "Live events",
    description: liveEventsDescription,
    access: "user",
    query: z.object({
      lastEventId: z
        .string()
        .optional()
        .meta({ description: "As the Last-Event-ID header, for clients that cannot set it." }),
    }),
    headers: z.object({
      "Last-Event-ID": z.string().optional().meta({ description: "The last event id seen: resume after it." }),
    }),
    errors: [429],
    responses: {
      200: {
        description: "The stream (it stays open).",
        media: { "text/event-stream": { schema: { type: "string" } } },
      },
    },
  },

  // Files
  {
    method: "get",
    path: "/api/images/:id",
    tag: "Files",
    summary: "Download an image",
    description: "The stored file (PNG or WebP), to its owner only. Files never change: it may be cached for a year.",
    access: "user",
    headers: z.object({ "If-None-Match": z.string().optional() }),
    responses: {
      200: {
        description: "The image.",
        media: { "image/png": { schema: binary }, "image/webp": { schema: binary } },
        headers: { ETag: etag, "Cache-Control": cacheControl("private, max-age=31536000, immutable") },
      },
      304: notModified,
    },
  },
  {
    method: "get",
    path: "/api/images/:id/svg",
    tag: "Files",
    summary: "Download an image as SVG",
    description: "The image traced to SVG, as a download. Offered for flat styles only (icons, line art, pixel art).",
    access: "user",
    errors: [409],
    responses: {
      200: {
        description: "The SVG.",
        media: { "image/svg+xml": { schema: { type: "string" } } },
        headers: { "Content-Disposition": { description: "attachment", schema: { type: "string" } } },
      },
    },
  },
  {
    method: "get",
    path: "/api/files/reference/:id",
    tag: "Files",
    summary: "Download a reference image",
    access: "user",
    headers: z.object({ "If-None-Match": z.string().optional() }),
    responses: {
      200: { description: "The image.", media: { "image/png": { schema: binary } }, headers: { ETag: etag } },
      304: notModified,
    },
  },
  {
    method: "get",
    path: "/api/image",
    tag: "Files",
    summary: "An image at a smaller size",
    description: "One of your images (its `url`, as the API gives it) as WebP at width `w`, made once and kept.",
    access: "user",
    query: optimizeQuerySchema,
    headers: z.object({ "If-None-Match": z.string().optional() }),
    responses: {
      200: { description: "The image.", media: { "image/webp": { schema: binary } }, headers: { ETag: etag } },
      304: notModified,
    },
  },

  // Sign-in (the browser's flow; scripts use API keys)
  {
    method: "post",
    path: "/api/auth/signin-email",
    tag: "Sign-in",
    summary: "E-mail a sign-in link",
    description: "The same answer for every address.",
    access: "public",
    json: signinSchema,
    errors: [429],
    responses: { 200: { description: "Sent, if the address can sign in.", json: replies.okReply } },
  },
  {
    method: "post",
    path: "/api/auth/verify",
    tag: "Sign-in",
    summary: "Redeem a sign-in link",
    access: "public",
    json: verifySchema,
    errors: [401, 429],
    responses: { 200: { description: "A short-lived ID token.", json: replies.idTokenReply } },
  },
  {
    method: "post",
    path: "/api/auth/link-status",
    tag: "Sign-in",
    summary: "Whether a sign-in link can still be used",
    access: "public",
    json: linkStatusSchema,
    errors: [429],
    responses: { 200: { description: "Usable or not.", json: replies.linkStatusReply } },
  },
  {
    method: "post",
    path: "/api/auth/token",
    tag: "Sign-in",
    summary: "Start a session",
    description: `Exchanges an ID token for the HttpOnly session cookie (\`${SESSION_COOKIE}\`).`,
    access: "public",
    json: tokenSchema,
    errors: [401],
    responses: {
      200: {
        description: "Signed in.",
        json: replies.signedInReply,
        headers: { "Set-Cookie": { description: "The session cookie.", schema: { type: "string" } } },
      },
    },
  },
  {
    method: "delete",
    path: "/api/auth/token",
    tag: "Sign-in",
    summary: "Sign out",
    access: "public",
    responses: { 200: { description: "The session is ended.", json: replies.okReply } },
  },
  {
    method: "get",
    path: "/api/auth/oauth/:provider",
    tag: "Sign-in",
    summary: "Start signing in with a provider",
    access: "public",
    errors: [429],
    responses: { 302: { description: "To the provider's sign-in page." } },
  },
  {
    method: "get",
    path: "/api/auth/oauth/:provider/callback",
    tag: "Sign-in",
    summary: "The provider's return",
    description: "Signs in and redirects into the app; on failure, back to the sign-in page.",
    access: "public",
    responses: { 302: { description: "Into the app, or back to the sign-in page." } },
  },

  // Operator
  {
    method: "get",
    path: "/api/setup",
    tag: "Setup",
    summary: "This instance's settings",
    description: "For the operator only, from a browser session; anyone else gets 404.",
    access: "operator",
    responses: { 200: { description: "The settings, without secrets.", json: replies.setupStatusReply } },
  },
  {
    method: "post",
    path: "/api/setup/test-connection",
    tag: "Setup",
    summary: "Check an image provider",
    description: "Calls the provider once. Answers 200 either way: a refused key is the check's result.",
    access: "operator",
    json: connectionCheckBody,
    errors: [429],
    responses: { 200: { description: "The check.", json: replies.connectionCheckReply } },
  },
  {
    method: "post",
    path: "/api/setup/test-email",
    tag: "Setup",
    summary: "Send a test e-mail",
    access: "operator",
    json: setupActionBody,
    errors: [429],
    responses: { 200: { description: "Where it went.", json: replies.testEmailReply } },
  },
  {
    method: "post",
    path: "/api/setup/grant-credits",
    tag: "Setup",
    summary: "Give an account credits",
    description:
      'Through the ledger ("Added by the operator"), settling any debt first; the account\'s open pages see the new balance. An address with no account answers 400 and grants nothing.',
    access: "operator",
    json: grantCreditsBody,
    errors: [400],
    responses: { 200: { description: "What was granted.", json: grantCreditsReply } },
  },
  {
    method: "post",
    path: "/api/analytics/pageview",
    tag: "Setup",
    summary: "Count a page view",
    description: "Per day and route; no visitor data is kept.",
    access: "public",
    json: pageViewSchema,
    responses: { 204: { description: "Counted." } },
  },

  // This reference
  {
    method: "get",
    path: "/api/openapi.json",
    tag: "Reference",
    summary: "This document",
    access: "public",
    responses: {
      200: {
        description: "The OpenAPI 3.1 document.",
        media: { "application/json": { schema: { type: "object" } } },
        headers: { "Cache-Control": cacheControl("public, max-age=300") },
      },
    },
  },
  {
    method: "get",
    path: "/api/docs",
    tag: "Reference",
    summary: "The interactive reference",
    access: "public",
    responses: { 200: { description: "An HTML page.", media: { "text/html": { schema: { type: "string" } } } } },
  },
];

/** "/api/objects/:id" → "/api/objects/{id}" */
export const openApiPath = (expressPath: string) => expressPath.replace(/:(\w+)/g, "{$1}");

const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

const errorDescriptions: Record<number, string> = {
  400: "The request is not valid: `error.fields` says which field and why.",
  401: "Not signed in: no session cookie or API key, or one that has expired or was revoked.",
  402: "Not enough credits, or past the API key's monthly cap: `error.details` has the price and the balance.",
  403: "A browser request from another origin, or an API key on a route for browser sessions only.",
  404: "No such thing, or it is someone else's (the two look alike).",
  409: "It conflicts with the current state (for example the job has already finished).",
  422: "The Idempotency-Key was already used for a different request.",
  429: "Too many requests (an API key's budget a minute, sign-in attempts, live streams): wait the Retry-After seconds.",
  413: "The request body is over the size this call takes: the message names the limit.",
  431: "The request's headers are too large.",
  500: "Something went wrong on the server.",
};

function errorReply(status: number): ZodOpenApiResponseObject {
  // Node answers 431 itself, before any route, with no body.
  if (status === 431) return { description: errorDescriptions[431]! };
  const codes = (Object.entries(statusByCode) as [AppErrorCode, number][])
    .filter(([, s]) => s === status)
    .map(([code]) => `\`${code}\``);
  if (status === 413) codes.push("`bad_request`");
  return {
    description: `${errorDescriptions[status] ?? "An error."} (\`error.code\`: ${codes.join(", ")})`,
    content: { "application/json": { schema: apiErrorSchema } },
    ...(status === 429 ? { headers: { "Retry-After": { schema: { type: "integer" } } } } : {}),
  };
}

/** The error statuses an operation may answer, from what it takes and who may call it. */
export function errorStatuses(op: ApiOperation): number[] {
  const statuses = new Set<number>(op.errors ?? []);
  if (op.access !== "public") [401, 429].forEach((s) => statuses.add(s));
  if (op.access === "session" || op.access === "operator") statuses.add(403);
  // Anything that names a record (in the path, the query or the body) may name one that is gone or not yours.
  if (op.access !== "public" || pathParams(op.path).length > 0) statuses.add(404);
  if (op.query || op.json || op.multipart) statuses.add(400);
  if (op.method !== "get") statuses.add(403);
  if (op.spends) [400, 402, 409, 422].forEach((s) => statuses.add(s));
  if (op.json || op.multipart) statuses.add(413);
  // Any address with a control character (%00) is a 400, and any request's headers may be too large.
  [400, 431, 500].forEach((s) => statuses.add(s));
  return [...statuses].sort();
}

function toOperation(op: ApiOperation): ZodOpenApiOperationObject {
  const params = pathParams(op.path);
  const headers = op.spends ? (op.headers ?? z.object({})).extend(idempotencyHeaders.shape) : op.headers;
  const content: Record<string, { schema: z.ZodType }> = {};
  if (op.json) content["application/json"] = { schema: op.json };
  if (op.multipart) content["multipart/form-data"] = { schema: op.multipart };
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, reply] of Object.entries(op.responses)) {
    const body = { ...(reply.json ? { "application/json": { schema: reply.json } } : {}), ...reply.media };
    responses[status] = {
      description: reply.description,
      ...(Object.keys(body).length ? { content: body } : {}),
      ...(reply.headers ? { headers: reply.headers } : {}),
    };
  }
  for (const status of errorStatuses(op)) responses[String(status)] ??= errorReply(status);
  const security = {
    public: [],
    session: [{ sessionCookie: [] }],
    operator: [{ sessionCookie: [] }],
    user: undefined,
  }[op.access];
  return {
    operationId: `${op.method}${op.path.replace(/^\/api/, "").replace(/[^A-Za-z0-9]+(\w?)/g, (_m, c: string) => c.toUpperCase())}`,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(security ? { security } : {}),
    requestParams: {
      ...(params.length ? { path: z.object(Object.fromEntries(params.map((name) => [name, z.string().min(1)]))) } : {}),
      ...(op.query ? { query: op.query } : {}),
      ...(headers ? { header: headers } : {}),
    },
    ...(Object.keys(content).length ? { requestBody: { required: op.json !== setupActionBody, content } } : {}),
    responses,
    ...(op.codeSamples ? { "x-codeSamples": op.codeSamples } : {}),
  };
}

const description = `Motif's JSON API: the same routes the web app uses, so anything the app does, a script can do.

**Signing in.** A script sends an API key: \`Authorization: Bearer <key>\`. A browser sends the session cookie (\`${SESSION_COOKIE}\`; \`__Host-${SESSION_COOKIE}\` over HTTPS) and, on changes, its Origin. Both act as the same user, with the same answers.

**Errors.** Every error is \`{ "error": { "code", "message", "details"? } }\`; \`message\` is a sentence to show a person, \`code\` is for programs. A request that is not valid also says which \`fields\` are wrong.

**Spending.** Requests that spend credits take an \`Idempotency-Key\` header: resend the same request with the same key after a time-out and it is answered once, and charged once.

**Versions.** This is version ${API_VERSION}. Additions (new routes, new optional fields, new fields in answers) keep the version's promise; a breaking change would be mounted under a new prefix beside \`/api\`, never made in place.`;

const tags = [
  {
    name: "Styles",
    description:
      "A style is a look: a description, reference images and four sample images later images are matched to.",
  },
  { name: "Objects", description: "An object is one subject in a style, with one or more images." },
  { name: "Jobs", description: "Generation runs as jobs: submit, then poll (or listen to the events)." },
  { name: "Account", description: "Your profile, balance and credit history." },
  { name: "API keys", description: "Keys for scripts and agents, managed from a browser session." },
  { name: "Events", description: "Live changes, as Server-Sent Events." },
  { name: "Files", description: "The images themselves." },
  { name: "Sign-in", description: "How the web app signs in. Scripts use an API key instead." },
  { name: "Setup", description: "The operator's checks, and the app's page counter." },
  { name: "Reference", description: "This document and its reference page." },
];

/** The OpenAPI 3.1 document of every route in apiOperations. */
export function buildOpenApiDocument() {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of apiOperations) {
    const path = (paths[openApiPath(op.path)] ??= {});
    path[op.method] = toOperation(op);
  }
  return createDocument(
    {
      openapi: "3.1.0",
      info: { title: "Motif API", version: API_VERSION, description },
      // Relative to where the document is served: every Motif serves its own API at its own address.
      servers: [{ url: "/", description: "This Motif instance" }],
      tags,
      security: [{ apiKey: [] }, { sessionCookie: [] }],
      paths,
      components: {
        securitySchemes: {
          apiKey: {
            type: "http",
            scheme: "bearer",
            description: "An API key made in Settings → API keys, sent as `Authorization: Bearer <key>`.",
          },
          sessionCookie: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE,
            description:
              "The browser's session, set by POST /api/auth/token. Changes must also come from Motif's own origin.",
          },
        },
        schemas: {
          CreditsEvent: liveEventSchemas.credits,
          JobEvent: liveEventSchemas.job,
          JobProgressEvent: liveEventSchemas["job-progress"],
        },
      },
    },
    {
      // zod bounds every int by the safe-integer range: true, but noise in a reference.
      override: ({ jsonSchema }) => {
        if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
        if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      },
    },
  );
}

let cached: string | undefined;

/** The document as the route serves it: built once, since it only changes with a release. */
export const openApiJson = () => (cached ??= JSON.stringify(buildOpenApiDocument()));
