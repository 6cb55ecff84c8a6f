import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { editImageSchema } from "#domain/image-lineage";
import { limits } from "#domain/limits";
import { editObjectImage } from "../objects/edit-image.server";
import { idempotencyKeyInput, modelInput } from "./tool-inputs";
import { answerSafely, followJob, onceForKey, startedJob, toolAnswer, type ToolContext } from "./tool-results.server";

/** edit_image: one of an object's images changed as words say, or one region of it repainted. */
export function registerEditTool(server: McpServer, context: ToolContext): void {
  const { services, user } = context;
  server.registerTool(
    "edit_image",
    {
      title: "Edit an image with words",
      description:
        'Makes a new image of an object from one of its images, changed as `instruction` says ("wearing a red ' +
        'scarf", "make it night", "remove the text"), in the object\'s style. With `mask` (a PNG of the image\'s ' +
        "exact size, as base64, light opaque pixels where to repaint) only that region is drawn again. Costs one " +
        "image's credits, reserved now and refunded if it fails. Call get_job with the returned job id until it " +
        "has succeeded, then get_images with the object's id. Image ids come from get_images.",
      inputSchema: {
        objectId: z.string().describe("The object the image belongs to."),
        imageId: z.string().describe("The image to change, from get_images."),
        instruction: z.string().describe(`What to change, in words (up to ${limits.editInstruction} characters).`),
        mask: z.string().optional().describe("Optional: the region to repaint, a PNG of the image's size as base64."),
        model: modelInput
          .optional()
          .describe("The id of a model from list_styles that can edit; the style's default or the first that can."),
        idempotencyKey: idempotencyKeyInput.optional(),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ idempotencyKey, objectId, ...args }) =>
      answerSafely(() =>
        onceForKey(context, { tool: "edit_image", idempotencyKey, args: { objectId, ...args } }, async () => {
          const input = editImageSchema.parse(args);
          const { job } = await editObjectImage(services, {
            userId: user.id,
            objectId,
            input,
            apiKeyId: user.apiKeyId,
          });
          return toolAnswer(
            `Started job ${job.id}: ${job.title}, ${job.credits} credits reserved. ${followJob(job.id)}`,
            { job: startedJob(job) },
          );
        }),
      ),
  );
}
