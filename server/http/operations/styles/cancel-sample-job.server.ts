import * as replies from "#domain/api-replies";
import { cancelStyleSamples } from "../../../styles/style-sample-commands.server";
import { defineOperation } from "../operation.server";

export const cancelSampleJobOperation = defineOperation({
  method: "post",
  path: "/api/styles/:id/cancel",
  tag: "Styles",
  summary: "Cancel the sample job",
  description: "Stops the style's unfinished sample job; what was not made yet is refunded.",
  access: "user",
  errors: [409],
  responses: { 200: { description: "Cancelled.", json: replies.cancelledReply } },
  async handle({ services, user, params }) {
    const result = await cancelStyleSamples(services, { actor: user.actor, styleId: params.id });
    return { status: 200, body: { refunded: result.refund, message: result.job.error } };
  },
});
