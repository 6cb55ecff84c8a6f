import * as replies from "#domain/api-replies";
import { idempotencyKeySchema } from "#domain/idempotency";
import { createStyleSchema, samplesPrice, type CreateStyleInput } from "#domain/styles";
import { chooseProvider } from "../../../generation/choose-provider.server";
import { createStyle } from "../../../styles/create-style.server";
import { assertCanAfford } from "../../../styles/upload-checks.server";
import { answerOnce, uploadDigest } from "../../idempotent.server";
import { createStyleSamples } from "../../openapi-flow-samples.server";
import { closeAfterAnswer, receiveReferenceUploads, refuseOversizedBody } from "../../reference-uploads.server";
import { assertNoControlCharacters } from "../../refuse-control-characters.server";
import { defineOperation } from "../operation.server";
import { limits } from "#domain/limits";
import { textPatterns } from "#domain/text";
import { MAX_REFERENCE_IMAGES, imageFiles } from "./shared.server";

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

export const createStyleOperation = defineOperation({
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
      assertCanAfford(db, { workspaceId: user.workspace.id, personId: user.id, price, idempotencyKey });
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
              actor: user.actor,
              input,
              files,
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
});
