import { instanceSettingsReply } from "#domain/instance-settings";
import { instanceSettingsChangeSchema } from "#domain/requests/instance-settings";
import { changeInstanceSettings } from "../../../instance/instance-settings.server";
import { defineOperation } from "../operation.server";
import { auditEntrySchema } from "#domain/audit";

const settingsChangedReply = instanceSettingsReply.extend({
  entry: auditEntrySchema.nullable().meta({ description: "The audit line; null when nothing changed." }),
});

export const changeInstanceSettingsOperation = defineOperation({
  method: "patch",
  path: "/api/admin/settings",
  tag: "Operator",
  summary: "Change the instance's settings",
  description:
    "Each field given is set here and wins over the environment; `null` goes back to the environment's value; fields left out stay. Takes effect at once in every process, without a restart. Written to the audit log, before → after.",
  access: "operator",
  json: instanceSettingsChangeSchema,
  responses: { 200: { description: "The settings now, and the audit line.", json: settingsChangedReply } },
  async handle({ services, user, body }) {
    const result = await changeInstanceSettings(services.database.db, {
      actor: { id: user.id, email: user.email },
      defaults: services.config.instance,
      change: body,
    });
    return { status: 200, body: result };
  },
});
