import { z } from "zod";
import { limits } from "#domain/limits";
import { PRESET_STYLE_PREFIX, stylePresets } from "#domain/presets";
import { createStyleSchema, DESCRIPTION_REQUIRED } from "#domain/styles";
import { AppError } from "#domain/errors";
import { textPatterns } from "#domain/text";
import { getBalance } from "../credits/credits.server";
import { presentModels } from "../generation/providers/model-views.server";
import { failedProviderChecks } from "../generation/providers/provider-checks.server";
import { createStyle } from "../styles/create-style.server";
import { presentStyle } from "../styles/present-style.server";
import { listStyles } from "../styles/styles.server";
import { onceForKey, toolAnswer } from "./tool-results.server";
import { defineTool } from "./tool.server";
import {
  detailInput,
  idempotencyKeyInput,
  modelInput,
  sizeInput,
  transparentInput,
} from "../http/operations/tool-inputs";

/** list_styles: the styles, presets and models to choose from, with prices and the balance. */
export const listStylesTool = defineTool({
  name: "list_styles",
  title: "List styles and models",
  description:
    "Lists the user's Motif styles (a style is a visual look that every image generated in it follows), " +
    "the built-in presets that can be used as a style id, the image models on offer with their prices, " +
    "and the user's credit balance. Prices are credits per image, by detail level, for a square image " +
    "and for the other shapes (portrait or landscape). Call this first to find a style id for generate_objects.",
  output: z.object({
    balance: z.number(),
    styles: z.array(z.looseObject({ id: z.string(), name: z.string() })),
    presets: z.array(z.looseObject({ id: z.string(), name: z.string() })),
    models: z.array(z.looseObject({ id: z.string(), default: z.boolean() })),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run({ services, user }) {
    const { db } = services.database;
    const [styles, balance, failed] = await Promise.all([
      listStyles(db, user.workspace.id),
      getBalance(db, user.workspace.id),
      failedProviderChecks(db),
    ]);
    const { models, defaultId } = presentModels(services.providers, failed);
    const data = {
      balance,
      styles: styles
        .map((style) => presentStyle(style, services.imageUrls))
        .map((style) => ({
          id: style.id,
          name: style.name,
          description: style.description || style.derivedDescription || "",
          defaults: {
            size: style.defaultSize,
            detail: style.defaultDetail,
            transparent: style.defaultTransparent,
            model: style.defaultModel ?? defaultId,
          },
          sampleCount: style.anchors.length,
          samplesJob: style.job ? { id: style.job.id, status: style.job.status } : null,
        })),
      presets: stylePresets.map((preset) => ({
        id: `${PRESET_STYLE_PREFIX}${preset.id}`,
        name: preset.name,
        description: preset.description,
      })),
      models: models.map((model) => ({
        id: model.id,
        label: model.label,
        default: model.id === defaultId,
        transparency: model.transparency,
        pricesPerImage: model.prices,
        reachable: model.reachable,
        edit: model.edit,
        upscaler: model.upscaler,
      })),
    };
    const summary =
      `${styles.length} style${styles.length === 1 ? "" : "s"}, ${stylePresets.length} presets and ` +
      `${models.length} model${models.length === 1 ? "" : "s"}; the balance is ${balance} credits.`;
    return toolAnswer(summary, data);
  },
});

/** create_style: a style from words, and the paid job that makes its samples. */
export const createStyleTool = defineTool({
  name: "create_style",
  title: "Create a style",
  description:
    'Creates a new style from a written description of the look (for example "hand-painted fantasy RPG ' +
    'inventory icons, warm parchment palette, soft rim light") and starts a paid job that makes its four ' +
    "sample images. The samples guide every later image in the style, so wait for the sample job with " +
    "get_job (it returns the job id) before calling generate_objects. size, detail and transparent become " +
    "the style's defaults for generate_objects.",
  input: {
    // The same rules the HTTP API's document states: a name with something visible, a few words.
    name: createStyleSchema.shape.name.describe(`A short name for the style, up to ${limits.styleName} characters.`),
    description: z
      .string()
      .meta({ minLength: 3, maxLength: limits.styleDescription, pattern: textPatterns.three })
      .describe(
        `The look in words: medium, palette, lighting, line work (3 words to ${limits.styleDescription} characters).`,
      ),
    size: sizeInput.optional().describe("The style's default shape (square when left out)."),
    detail: detailInput
      .optional()
      .describe(
        "The style's default detail: draft, standard or high (standard when left out). Samples are made at draft or standard.",
      ),
    transparent: transparentInput
      .optional()
      .describe("Whether the style's images have a transparent background by default (true when left out)."),
    model: modelInput.optional(),
    idempotencyKey: idempotencyKeyInput.optional(),
  },
  output: z.object({
    style: z.looseObject({ id: z.string(), name: z.string() }),
    sampleJob: z.object({ id: z.string(), status: z.string(), credits: z.number() }),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run: (context, { idempotencyKey, ...args }) =>
    onceForKey(context, { tool: "create_style", idempotencyKey, args }, async () => {
      const { services, user } = context;
      const input = createStyleSchema.parse({
        name: args.name,
        description: args.description,
        defaultSize: args.size,
        defaultDetail: args.detail,
        defaultTransparent: args.transparent,
        defaultModel: args.model,
      });
      // Without reference images (which this tool does not take), the words are the style.
      if (!input.description) throw new AppError("bad_request", DESCRIPTION_REQUIRED);
      const { style, job } = await createStyle(services, {
        actor: user.actor,
        input,
        files: [],
      });
      const data = {
        style: {
          id: style.id,
          name: style.name,
          defaults: {
            size: input.defaultSize,
            detail: input.defaultDetail,
            transparent: input.defaultTransparent,
            model: job.provider,
          },
        },
        sampleJob: { id: job.id, status: job.status, credits: job.credits },
      };
      return toolAnswer(
        `Created the style "${style.name}" (${style.id}). Its samples are being made for ${job.credits} credits: ` +
          `call get_job with jobId "${job.id}" and wait_seconds until it has succeeded, then generate_objects.`,
        data,
      );
    }),
});
