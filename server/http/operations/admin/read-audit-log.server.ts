import { z } from "zod";
import { readAuditLog } from "../../../operator/audit-log.server";
import { defineOperation } from "../operation.server";
import { auditEntrySchema } from "#domain/audit";

const auditReply = z.object({
  entries: z.array(auditEntrySchema),
  nextBefore: z.number().int().nullable().meta({ description: "Pass as `before` for older lines; null at the start." }),
});

export const readAuditLogOperation = defineOperation({
  method: "get",
  path: "/api/admin/audit",
  tag: "Operator",
  summary: "Read the audit log",
  description:
    "What operators did, newest first, 100 lines a page: who, what, to whom, before → after, and why. Nothing in the app can change or remove a line.",
  access: "operator",
  query: z.object({ before: z.coerce.number().int().min(1).optional() }),
  responses: { 200: { description: "A page of the log.", json: auditReply } },
  async handle({ services, query }) {
    return { status: 200, body: await readAuditLog(services.database.db, query) };
  },
});
