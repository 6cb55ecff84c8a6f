import { operatorUsageReply, usageQuerySchema } from "#domain/operator-usage";
import { readUsage } from "../../../operator/usage.server";
import { defineOperation } from "../operation.server";

export const readInstanceUsageOperation = defineOperation({
  method: "get",
  path: "/api/admin/usage",
  tag: "Operator",
  summary: "Read the instance's usage",
  description:
    "Over the last `days` UTC days (30 unless given): images and credits per day and per model, failure and refund rates and average generation time per provider, and the storage used now. A job counts on the day it was asked for; credits are net of refunds.",
  access: "operator",
  query: usageQuerySchema,
  responses: { 200: { description: "The figures.", json: operatorUsageReply } },
  async handle({ services, query }) {
    return { status: 200, body: await readUsage(services.database.db, query) };
  },
});
