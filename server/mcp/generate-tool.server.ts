import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "#domain/errors";
import type { DetailLevel, ImageSize } from "#domain/images";
import { limits } from "#domain/limits";
import { generateObjectsSchema } from "#domain/objects";
import { presetFromStyleId } from "#domain/presets";
import { createStyleSchema } from "#domain/styles";
import type { Database } from "../db/client.server";
import { styles } from "../db/schema";
import { generateObjects } from "../objects/generate-objects.server";
import { answerSafely, followJob, onceForKey, startedJob, toolAnswer, type ToolContext } from "./tool-results.server";
import {
  detailInput,
  idempotencyKeyInput,
  modelInput,
  sizeInput,
  transparentInput,
  variationsInput,
} from "./tool-inputs";

interface StyleDefaults {
  size: ImageSize;
  detail: DetailLevel;
  transparent: boolean;
}

/** What a new style starts with, for a preset the user has not used yet. */
const newStyleDefaults = createStyleSchema
  .pick({ defaultSize: true, defaultDetail: true, defaultTransparent: true })
  .parse({});

/** The defaults of one of the user's styles (or of their copy of a preset); another user's style is "No such style." */
async function styleDefaults(db: Database, options: { userId: string; styleId: string }): Promise<StyleDefaults> {
  const preset = presetFromStyleId(options.styleId);
  const [style] = await db
    .select({ size: styles.defaultSize, detail: styles.defaultDetail, transparent: styles.defaultTransparent })
    .from(styles)
    .where(
      and(eq(styles.ownerId, options.userId), preset ? eq(styles.presetId, preset.id) : eq(styles.id, options.styleId)),
    );
  if (style) return style;
  if (preset) {
    return {
      size: newStyleDefaults.defaultSize,
      detail: newStyleDefaults.defaultDetail,
      transparent: newStyleDefaults.defaultTransparent,
    };
  }
  throw new AppError("not_found", "No such style.");
}

/** generate_objects: a paid set of objects in one style. */
export function registerGenerateTool(server: McpServer, context: ToolContext): void {
  const { services, user } = context;
  server.registerTool(
    "generate_objects",
    {
      title: "Generate objects in a style",
      description:
        "Generates a set of images in one style: one object per subject (for example 12 inventory icons: " +
        '["Health potion", "Iron sword", …]), each made `variations` times. Credits are reserved now and ' +
        "the images the job cannot make are refunded. The job runs in the background: call get_job with the " +
        "returned job id (and wait_seconds) until it has succeeded, then get_images with the job id. " +
        "size, detail and transparent default to the style's own settings.",
      inputSchema: {
        styleId: z
          .string()
          .describe(
            "A style id from list_styles or create_style, or a preset: preset:flat, preset:pixel, preset:line.",
          ),
        subjects: z
          .array(z.string())
          .describe(
            `What to draw, one object per entry (1 to ${limits.subjectsPerSet}, each up to ${limits.objectName} characters), such as "Leather boots".`,
          ),
        size: sizeInput.optional(),
        detail: detailInput.optional(),
        transparent: transparentInput.optional(),
        variations: variationsInput.optional(),
        model: modelInput
          .optional()
          .describe("The id of a model from list_styles; the style's default model when left out."),
        prompt: z
          .string()
          .optional()
          .describe(
            `Extra words added to every subject (up to ${limits.objectPrompt} characters), such as "seen from the front".`,
          ),
        idempotencyKey: idempotencyKeyInput.optional(),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ idempotencyKey, ...args }) =>
      answerSafely(() =>
        onceForKey(context, { tool: "generate_objects", idempotencyKey, args }, async () => {
          const { db } = services.database;
          const defaults = await styleDefaults(db, { userId: user.id, styleId: args.styleId });
          const input = generateObjectsSchema.parse({
            styleId: args.styleId,
            subjects: args.subjects,
            size: args.size ?? defaults.size,
            detail: args.detail ?? defaults.detail,
            transparent: args.transparent ?? defaults.transparent,
            variations: args.variations,
            model: args.model,
            prompt: args.prompt,
          });
          const { job, objects } = await generateObjects(services, { userId: user.id, input, apiKeyId: user.apiKeyId });
          const data = {
            job: startedJob(job),
            settings: {
              size: input.size,
              detail: input.detail,
              transparent: input.transparent,
              variations: input.variations,
              model: job.provider,
            },
            objects,
          };
          return toolAnswer(
            `Started job ${job.id}: ${job.imageCount} image${job.imageCount === 1 ? "" : "s"} of ` +
              `${objects.length} object${objects.length === 1 ? "" : "s"}, ${job.credits} credits reserved. ` +
              followJob(job.id, "get_images"),
            data,
          );
        }),
      ),
  );
}
