import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { limits } from "#domain/limits";
import { objectViewsRequestSchema, viewPresets } from "#domain/objects";
import { makeViews } from "../objects/make-variations.server";
import { detailInput, idempotencyKeyInput, modelInput, sizeInput, transparentInput } from "./tool-inputs";
import { answerSafely, followJob, onceForKey, startedJob, toolAnswer, type ToolContext } from "./tool-results.server";

/** draw_views: the same object in other poses, views or states, one paid image each. */
export function registerViewsTool(server: McpServer, context: ToolContext): void {
  const { services, user } = context;
  server.registerTool(
    "draw_views",
    {
      title: "Draw an object in new poses, views or states",
      description:
        "Makes one new image of an existing object per entry of `views` (for example a turnaround: " +
        `${JSON.stringify(viewPresets.turnaround.views)}, or UI states: ${JSON.stringify(viewPresets.states.views)}), ` +
        "each drawn from the object's cover and its style's references so it stays the same thing. Credits are " +
        "reserved now and refunded for what cannot be made. Call get_job with the returned job id until it has " +
        "succeeded, then get_images with the object's id.",
      inputSchema: {
        objectId: z.string().describe("The object, from generate_objects or get_job."),
        views: z
          .array(z.string())
          .describe(
            `What to draw, one image each (1 to ${limits.objectViews}, each up to ${limits.objectView} characters).`,
          ),
        size: sizeInput.optional(),
        detail: detailInput.optional(),
        transparent: transparentInput.optional(),
        model: modelInput.optional().describe("The id of a model from list_styles; the style's default when left out."),
        idempotencyKey: idempotencyKeyInput.optional(),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ idempotencyKey, objectId, ...args }) =>
      answerSafely(() =>
        onceForKey(context, { tool: "draw_views", idempotencyKey, args: { objectId, ...args } }, async () => {
          const input = objectViewsRequestSchema.parse(args);
          const { job } = await makeViews(services, { userId: user.id, objectId, input, apiKeyId: user.apiKeyId });
          return toolAnswer(
            `Started job ${job.id}: ${job.imageCount} view${job.imageCount === 1 ? "" : "s"} of the object, ` +
              `${job.credits} credits reserved. ${followJob(job.id)}`,
            { job: startedJob(job), views: input.views },
          );
        }),
      ),
  );
}
