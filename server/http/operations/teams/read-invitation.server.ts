import { z } from "zod";
import { invitationPreviewSchema } from "#domain/teams";
import { invitationTokenSchema } from "#domain/requests/teams";
import { previewInvitation } from "../../../teams/invitations.server";
import { defineOperation } from "../operation.server";

export const readInvitationOperation = defineOperation({
  method: "post",
  path: "/api/invitations/preview",
  tag: "Teams",
  summary: "Read an invitation",
  description: "What the invitation's page shows before it is accepted: the team, the address it is for, its state.",
  access: "public",
  json: invitationTokenSchema,
  errors: [404],
  responses: { 200: { description: "The invitation.", json: z.object({ invitation: invitationPreviewSchema }) } },
  async handle({ services, body }) {
    return { status: 200, body: { invitation: await previewInvitation(services.database.db, body.token) } };
  },
});
