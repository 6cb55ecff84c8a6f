import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { limits } from "#domain/limits";
import { generateObjectsSchema } from "#domain/objects";
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
          // What is left out is the style's own setting: the use case decides, as for every caller.
          const input = generateObjectsSchema.parse(args);
          const { job, objects, settings } = await generateObjects(services, {
            userId: user.id,
            input,
            apiKeyId: user.apiKeyId,
          });
          const data = {
            job: startedJob(job),
            settings: { ...settings, variations: input.variations, model: job.provider },
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
