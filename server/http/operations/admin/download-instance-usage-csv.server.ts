import { usageCsv } from "#domain/operator-usage-csv";
import { usageQuerySchema } from "#domain/operator-usage";
import { readUsage } from "../../../operator/usage.server";
import { defineOperation } from "../operation.server";

export const downloadInstanceUsageCsvOperation = defineOperation({
  method: "get",
  path: "/api/admin/usage.csv",
  tag: "Operator",
  summary: "Download the instance's usage as CSV",
  description:
    "The same figures as `GET /api/admin/usage`, as four CSV tables (days, models, providers, totals) separated by a blank line.",
  access: "operator",
  query: usageQuerySchema,
  responses: {
    200: {
      description: "The CSV file.",
      media: { "text/csv": { schema: { type: "string" } } },
      headers: { "Content-Disposition": { description: "attachment", schema: { type: "string" } } },
    },
  },
  async handle({ res, services, query }) {
    const usage = await readUsage(services.database.db, query);
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="motif-usage-${usage.from}-to-${usage.to}.csv"`);
    res.setHeader("Cache-Control", "private, no-cache");
    res.send(usageCsv(usage));
  },
});
