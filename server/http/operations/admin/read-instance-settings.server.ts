import { instanceSettingsReply } from "#domain/instance-settings";
import { readInstanceSettings } from "../../../instance/instance-settings.server";
import { defineOperation } from "../operation.server";

export const readInstanceSettingsOperation = defineOperation({
  method: "get",
  path: "/api/admin/settings",
  tag: "Operator",
  summary: "Read the instance's settings",
  description:
    "The sign-up policy, the sign-up credit grant and the announcement in force, what the environment sets for each, and which ones the console has changed.",
  access: "operator",
  responses: { 200: { description: "The settings.", json: instanceSettingsReply } },
  async handle({ services }) {
    return { status: 200, body: await readInstanceSettings(services.database.db, services.config.instance) };
  },
});
