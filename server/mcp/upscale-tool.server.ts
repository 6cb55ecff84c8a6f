import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { aiUpscaleSchema, basicUpscaleLabel, upscaleImageSchema } from "#domain/image-lineage";
import { aiUpscaleObjectImage } from "../objects/ai-upscale.server";
import { upscaleDepsOf, upscaleObjectImage } from "../objects/upscale-image.server";
import { modelInput } from "./tool-inputs";
import { answerSafely, followJob, imageLink, startedJob, toolAnswer, type ToolContext } from "./tool-results.server";

/** upscale_image: Motif's basic upscale of one image of an object (no AI, free). */
export function registerUpscaleTool(server: McpServer, { services, user }: ToolContext): void {
  server.registerTool(
    "upscale_image",
    {
      title: "Upscale an image",
      description:
        "Makes a new image of an object 2 or 4 times the width and height of one of its images, by Motif's " +
        `${basicUpscaleLabel.toLowerCase()}: Lanczos resampling and light sharpening, free, transparency kept. ` +
        "The new image belongs to the same object. Upscaling the same image by the same factor again returns " +
        "the image made the first time. With `model` (a model from list_styles that has an upscaler), a model's " +
        "AI upscaler does it instead, as a paid job: call get_job with the returned job id. Image ids come from get_images.",
      inputSchema: {
        objectId: z.string().describe("The object the image belongs to."),
        imageId: z.string().describe("The image to upscale, from get_images."),
        factor: z.union([z.literal(2), z.literal(4)]).describe("2 or 4: how many times wider and taller."),
        model: modelInput.optional().describe("Optional: a model whose AI upscaler to use (a paid job)."),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    (args) =>
      answerSafely(async () => {
        if (args.model) {
          const input = aiUpscaleSchema.parse({ imageId: args.imageId, factor: args.factor, model: args.model });
          const { job } = await aiUpscaleObjectImage(services, {
            userId: user.id,
            objectId: args.objectId,
            input,
            apiKeyId: user.apiKeyId,
          });
          return toolAnswer(
            `Started job ${job.id}: ${job.title}, ${job.credits} credits reserved. ${followJob(job.id)}`,
            { job: startedJob(job) },
          );
        }
        const input = upscaleImageSchema.parse({ imageId: args.imageId, factor: args.factor });
        const { image, existing } = await upscaleObjectImage(upscaleDepsOf(services), {
          userId: user.id,
          objectId: args.objectId,
          ...input,
        });
        const url = imageLink(services, image.id);
        return toolAnswer(
          `${existing ? "Already upscaled" : "Upscaled"} ×${input.factor}: image ${image.id}, ${image.width} × ${image.height} px, free. ` +
            "The link needs the header Authorization: Bearer <your API key>.",
          {
            image: { id: image.id, objectId: args.objectId, width: image.width, height: image.height, url },
            lineage: image.lineage,
            existing,
          },
        );
      }),
  );
}
