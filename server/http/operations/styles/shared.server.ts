import { z } from "zod";
import * as replies from "#domain/api-replies";
import { limits } from "#domain/limits";
import { type makeMissingSamples } from "../../../styles/style-sample-commands.server";
import { defineOperation } from "../operation.server";

export const MAX_REFERENCE_IMAGES = limits.referenceImages;

export const imageFiles = z
  .array(z.string().meta({ format: "binary", contentMediaType: "image/*" }))
  .max(limits.referenceImages);

/**
 * A paid sample job for the style in the path, answered once per Idempotency-Key: 201 when it
 * starts one, 200 with the style's unfinished sample job when there is one already.
 */
export function sampleJobOperation<P extends "/api/styles/:id/anchors" | "/api/styles/:id/samples">(declared: {
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
        actor: user.actor,
        // Both paths name the style `:id` (the generic path hides it from the type).
        styleId: (params as { id: string }).id,
      });
      return { status: existing ? 200 : 201, body: { job: { id: job.id, status: job.status, credits: job.credits } } };
    },
  });
}
