import { z } from "zod";
import { invitationTokenSchema } from "#domain/requests/teams";
import { acceptInvitation } from "../../../teams/invitations.server";
import { defineOperation } from "../operation.server";

export const acceptInvitationOperation = defineOperation({
  method: "post",
  path: "/api/invitations/accept",
  tag: "Teams",
  summary: "Accept an invitation",
  description:
    "Signed in with the address it was sent to (403 otherwise): you join the team in the invitation's role. Used or expired: 409.",
  access: "session",
  json: invitationTokenSchema,
  errors: [403, 404, 409],
  responses: { 200: { description: "Joined.", json: z.object({ teamId: z.string(), team: z.string() }) } },
  async handle({ services, user, body }) {
    return { status: 200, body: await acceptInvitation(services.database.db, { token: body.token, user }) };
  },
});
