import { z } from "zod";
import { auditEntrySchema } from "#domain/audit";
import { instanceSettingsReply } from "#domain/instance-settings";

export const adjustedReply = z.object({
  credits: z.number().int().meta({ description: "The account's balance now." }),
  debt: z.number().int().meta({ description: "What it still owes (a grant settles a debt first)." }),
  entry: auditEntrySchema,
});

export const accountStatusReply = z.object({ disabled: z.boolean(), entry: auditEntrySchema.nullable() });

export const deletedReply = z.object({ deleted: z.literal(true), entry: auditEntrySchema });

export const settingsChangedReply = instanceSettingsReply.extend({
  entry: auditEntrySchema.nullable().meta({ description: "The audit line; null when nothing changed." }),
});

export const auditReply = z.object({
  entries: z.array(auditEntrySchema),
  nextBefore: z.number().int().nullable().meta({ description: "Pass as `before` for older lines; null at the start." }),
});
