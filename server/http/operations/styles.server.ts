import { z } from "zod";
import * as replies from "#domain/api-replies";
import { idempotencyKeySchema } from "#domain/idempotency";
import { limits } from "#domain/limits";
import { textPatterns } from "#domain/text";
import {
  createStyleSchema,
  listStylesQuerySchema,
  samplesPrice,
  UPLOAD_ERROR_DETAILS,
  updateStyleSchema,
  type CreateStyleInput,
} from "#domain/styles";
import { chooseProvider } from "../../generation/choose-provider.server";
import { presentModels } from "../../generation/providers/model-views.server";
import { failedProviderChecks } from "../../generation/providers/provider-checks.server";
import { presentImageLink } from "../../images/signed-urls.server";
import { createStyle } from "../../styles/create-style.server";
import { editStyle } from "../../styles/edit-style.server";
import { presentStyle } from "../../styles/present-style.server";
import { removeStyle } from "../../styles/remove-style.server";
import { cancelStyleSamples, makeMissingSamples, regenerateSamples } from "../../styles/style-sample-commands.server";
import { addReferences, referenceRoom, removeReference } from "../../styles/style-references.server";
import { keepSamples, samplesStaleOf } from "../../styles/style-samples.server";
import { getStyle, listStylesPage } from "../../styles/styles.server";
import { assertCanAfford } from "../../styles/upload-checks.server";
import { AppError } from "../errors.server";
import { answerOnce, uploadDigest } from "../idempotent.server";
import { createStyleSamples } from "../openapi-examples.server";
import { closeAfterAnswer, receiveReferenceUploads, refuseOversizedBody } from "../reference-uploads.server";
import { assertNoControlCharacters } from "../refuse-control-characters.server";
import { defineOperation } from "./operation.server";

const MAX_REFERENCE_IMAGES = limits.referenceImages;

const imageFiles = z
  .array(z.string().meta({ format: "binary", contentMediaType: "image/*" }))
  .max(limits.referenceImages);

/** POST /api/styles as a form: the fields, and up to five reference images. */
const createStyleForm = createStyleSchema
  .extend({
    references: imageFiles
      .optional()
      .meta({ description: `Up to ${limits.referenceImages} reference images (PNG, JPEG or WebP).` }),
  })
  // A description of a few words, reference images, or both: create-style.server.ts refuses neither.
  .meta({
    anyOf: [
      { required: ["description"], properties: { description: { pattern: textPatterns.three } } },
      { required: ["references"], properties: { references: { minItems: 1 } } },
    ],
  });

/** POST /api/styles as JSON: no images can come with it, so the description is needed. */
const createStyleJson = createStyleSchema.meta({
  override: ({ jsonSchema }) => {
    const description = (jsonSchema.properties as Record<string, Record<string, unknown>>).description!;
    delete description.default;
    description.pattern = textPatterns.three;
    jsonSchema.required = ["name", "description"];
  },
});

const referencesForm = z.object({ references: imageFiles.min(1) });

/**
 * A paid sample job for the style in the path, answered once per Idempotency-Key: 201 when it
 * starts one, 200 with the style's unfinished sample job when there is one already.
 */
function sampleJobOperation<P extends "/api/styles/:id/anchors" | "/api/styles/:id/samples">(declared: {
  path: P;
  summary: string;
  description: string;
  command: typeof makeMissingSamples;
}) {
  return defineOperation({
    method: "post",
    path: declared.path,
    tag: "Styles",
    summary: declared.summary,
    description: declared.description,
    access: "user",
    spends: true,
    responses: {
      200: { description: "The style's unfinished sample job; nothing new was charged.", json: replies.sampleJobReply },
      201: { description: "The sample job.", json: replies.sampleJobReply },
    },
    async handle({ services, user, params }) {
      const { job, existing } = await declared.command(services, {
        userId: user.workspace.id,
        // Both paths name the style `:id` (the generic path hides it from the type).
        styleId: (params as { id: string }).id,
        apiKeyId: user.apiKeyId,
        memberId: user.id,
      });
      return { status: existing ? 200 : 201, body: { job: { id: job.id, status: job.status, credits: job.credits } } };
    },
  });
}

/** Styles: list, create (with reference uploads), edit, delete, and their sample jobs. */

export const styleOperations = [
  defineOperation({
    method: "get",
    path: "/api/styles",
    tag: "Styles",
    summary: "List your styles",
    description:
      "Your styles, newest first, a page at a time (`limit`, then `cursor` from `nextCursor`), with the operator's default model and the models on offer.",
    access: "user",
    query: listStylesQuerySchema,
    responses: { 200: { description: "Your styles.", json: replies.stylesListReply } },
    async handle({ services, user, query }) {
      const page = await listStylesPage(services.database.db, { userId: user.workspace.id, query });
      const { id, model, label } = services.providers.default;
      return {
        status: 200,
        body: {
          styles: page.styles.map((style) => presentStyle(style, services.imageUrls)),
          nextCursor: page.nextCursor,
          provider: { id, model, label },
          models: presentModels(services.providers, await failedProviderChecks(services.database.db)),
        },
      };
    },
  }),
  defineOperation({
    method: "get",
    path: "/api/styles/:id",
    tag: "Styles",
    summary: "Get a style",
    description:
      "One of your styles as the list shows it: its settings, references, samples and latest sample job. Poll it while its samples are being made.",
    access: "user",
    responses: { 200: { description: "The style.", json: replies.styleReply } },
    async handle({ services, user, params }) {
      const style = await getStyle(services.database.db, { userId: user.workspace.id, styleId: params.id });
      if (!style) throw new AppError("not_found", "No such style.");
      return { status: 200, body: { style: presentStyle(style, services.imageUrls) } };
    },
  }),
  defineOperation({
    method: "post",
    path: "/api/styles",
    tag: "Styles",
    summary: "Create a style",
    description:
      "Makes a style from a description, reference images, or both, and starts a paid job making its four sample images (the price is that of four images at the style's size and detail, at most Standard). Send JSON, or a multipart form when uploading reference images.",
    access: "user",
    json: createStyleJson,
    multipart: createStyleForm,
    spends: true,
    responses: { 201: { description: "The style, and the job making its samples.", json: replies.styleCreatedReply } },
    codeSamples: createStyleSamples,
    // Every check that needs no body comes before the body is read: size, then balance.
    async handle({ req, res, services, user }) {
      const { db } = services.database;
      const maxBytes = services.config.generation.maxUploadBytes;
      const idempotencyKey = idempotencyKeySchema.parse(req.get("Idempotency-Key") ?? undefined);
      refuseOversizedBody(req, res, { maxFiles: MAX_REFERENCE_IMAGES, maxBytes });
      const affordable = (price: number) =>
        assertCanAfford(db, { userId: user.workspace.id, personId: user.id, price, idempotencyKey });
      // Before the fields are read, the least a style can cost; then the chosen model's price.
      const cheapest = Math.min(
        ...services.providers.offered.map(({ prices }) => samplesPrice({ size: "square", detail: "draft", prices })),
      );
      const priceOf = (input: Pick<CreateStyleInput, "defaultSize" | "defaultDetail" | "defaultModel">) =>
        samplesPrice({
          size: input.defaultSize,
          detail: input.defaultDetail,
          prices: chooseProvider(services.providers, { requested: input.defaultModel }).prices,
        });
      try {
        await affordable(cheapest);
      } catch (error) {
        closeAfterAnswer(res);
        throw error;
      }
      const uploads = await receiveReferenceUploads(req, res, {
        maxFiles: MAX_REFERENCE_IMAGES,
        maxBytes,
        // The fields come first: the exact price is known before any file is written.
        beforeFirstFile: async () => {
          const fields = createStyleSchema.safeParse(req.body);
          if (fields.success) await affordable(priceOf(fields.data));
        },
      });
      try {
        assertNoControlCharacters(req);
        const input = createStyleSchema.parse(req.body);
        await affordable(priceOf(input));
        const files = uploads.files;
        await answerOnce(db, req, res, {
          userId: user.id,
          workspaceId: user.workspace.id,
          content: { input, files: await Promise.all(files.map(uploadDigest)) },
          async run() {
            try {
              const result = await createStyle(services, {
                userId: user.workspace.id,
                input,
                files,
                apiKeyId: user.apiKeyId,
                memberId: user.id,
              });
              return {
                status: 201,
                body: {
                  style: { id: result.style.id, name: result.style.name },
                  job: { id: result.job.id, status: result.job.status, credits: result.job.credits },
                },
              };
            } finally {
              // Before answering: the temporary files never outlive the request.
              await uploads.cleanup();
            }
          },
        });
      } finally {
        await uploads.cleanup();
      }
    },
  }),
  defineOperation({
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
    async handle({ services, user, params, body: changes }) {
      // A default model must be one on offer; null goes back to the operator's default.
      if (changes.defaultModel) chooseProvider(services.providers, { requested: changes.defaultModel });
      const style = await editStyle(
        { db: services.database.db, storage: services.storage },
        { userId: user.workspace.id, styleId: params.id, changes },
      );
      const samplesStale = await samplesStaleOf(services.database.db, style);
      return { status: 200, body: { style: { id: style.id, name: style.name, samplesStale } } };
    },
  }),
  defineOperation({
    method: "delete",
    path: "/api/styles/:id",
    tag: "Styles",
    summary: "Delete a style",
    description: "Deletes the style, its objects and all their images.",
    access: "user",
    responses: { 200: { description: "Deleted.", json: replies.successReply } },
    async handle({ services, user, params }) {
      await removeStyle(
        { db: services.database.db, storage: services.storage },
        { userId: user.workspace.id, styleId: params.id },
      );
      return { status: 200, body: { success: true } };
    },
  }),
  defineOperation({
    method: "post",
    path: "/api/styles/:id/references",
    tag: "Styles",
    summary: "Add reference images",
    access: "user",
    multipart: referencesForm,
    errors: [409],
    responses: { 201: { description: "The images added.", json: replies.referencesAddedReply } },
    // The limit is checked before the body is read.
    async handle({ req, res, services, user, params }) {
      const maxBytes = services.config.generation.maxUploadBytes;
      const room = await referenceRoom(services.database.db, { userId: user.workspace.id, styleId: params.id });
      if (room <= 0) {
        closeAfterAnswer(res);
        throw new AppError(
          "conflict",
          `This style already has ${MAX_REFERENCE_IMAGES} reference images, the most it can have. Remove one first.`,
          UPLOAD_ERROR_DETAILS,
        );
      }
      refuseOversizedBody(req, res, { maxFiles: room, maxBytes });
      const uploads = await receiveReferenceUploads(req, res, { maxFiles: room, maxBytes });
      let added;
      try {
        assertNoControlCharacters(req);
        added = await addReferences(
          { db: services.database.db, storage: services.storage },
          { userId: user.workspace.id, styleId: params.id, files: uploads.files },
        );
      } finally {
        await uploads.cleanup();
      }
      const references = added.map((r) => ({
        id: r.id,
        ...presentImageLink(services.imageUrls, { kind: "reference", id: r.id }),
      }));
      return { status: 201, body: { references } };
    },
  }),
  defineOperation({
    method: "delete",
    path: "/api/styles/:id/references/:referenceId",
    tag: "Styles",
    summary: "Remove a reference image",
    access: "user",
    errors: [409],
    responses: { 200: { description: "Removed.", json: replies.successReply } },
    async handle({ services, user, params }) {
      await removeReference(
        { db: services.database.db, storage: services.storage },
        { userId: user.workspace.id, styleId: params.id, referenceId: params.referenceId },
      );
      return { status: 200, body: { success: true } };
    },
  }),
  sampleJobOperation({
    path: "/api/styles/:id/anchors",
    summary: "Make the missing samples",
    description:
      "After a failed or cancelled sample job: a paid job making only the samples the style lacks. While a sample job of the style is unfinished, that job is the answer (200) and nothing is charged again.",
    command: makeMissingSamples,
  }),
  sampleJobOperation({
    path: "/api/styles/:id/samples",
    summary: "Remake the samples",
    description:
      "A paid job replacing the four samples with ones made for what the style is now. While a sample job of the style is unfinished, that job is the answer (200) and nothing is replaced or charged.",
    command: regenerateSamples,
  }),
  defineOperation({
    method: "post",
    path: "/api/styles/:id/samples/keep",
    tag: "Styles",
    summary: "Keep the samples after an edit",
    access: "user",
    responses: { 200: { description: "They are no longer stale.", json: replies.successReply } },
    // The samples stop showing as made for the earlier settings.
    async handle({ services, user, params }) {
      if (!(await keepSamples(services.database.db, { userId: user.workspace.id, styleId: params.id })))
        throw new AppError("not_found", "No such style.");
      return { status: 200, body: { success: true } };
    },
  }),
  defineOperation({
    method: "post",
    path: "/api/styles/:id/cancel",
    tag: "Styles",
    summary: "Cancel the sample job",
    description: "Stops the style's unfinished sample job; what was not made yet is refunded.",
    access: "user",
    errors: [409],
    responses: { 200: { description: "Cancelled.", json: replies.cancelledReply } },
    async handle({ services, user, params }) {
      const result = await cancelStyleSamples(services, { userId: user.workspace.id, styleId: params.id });
      return { status: 200, body: { refunded: result.refund, message: result.job.error } };
    },
  }),
];
