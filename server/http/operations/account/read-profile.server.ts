import * as replies from "#domain/api-replies";
import { getProfile } from "../../../users/users.server";
import { AppError } from "../../errors.server";
import { defineOperation } from "../operation.server";

export const readProfileOperation = defineOperation({
  method: "get",
  path: "/api/users/me",
  tag: "Account",
  summary: "Your profile and balance",
  access: "user",
  errors: [404],
  responses: { 200: { description: "Your profile.", json: replies.profileReply } },
  // The spec's users/{uid} read: the signed-in user's own profile.
  async handle({ services, user }) {
    const profile = await getProfile({ db: services.database.db, userId: user.id, workspaceId: user.workspace.id });
    if (!profile) throw new AppError("not_found", "No such user.");
    return { status: 200, body: { user: profile } };
  },
});
