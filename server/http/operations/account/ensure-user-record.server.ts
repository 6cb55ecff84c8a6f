import * as replies from "#domain/api-replies";
import { signupNoticeCookie } from "../../../users/signup-notice.server";
import { getProfile } from "../../../users/users.server";
import { AppError } from "../../errors.server";
import { defineOperation } from "../operation.server";

export const ensureUserRecordOperation = defineOperation({
  method: "post",
  path: "/api/users/new",
  tag: "Account",
  summary: "Ensure your user record",
  description:
    "Made once, with the sign-up credits; later calls answer 200 with the same record. Any other request of a signed-in user makes it too, so calling this is optional. When the address had the sign-up credits with an earlier account, the new record starts at 0 and a signed-in browser gets a short-lived cookie so its next page says why.",
  access: "user",
  responses: {
    200: { description: "The record already existed.", json: replies.userEnsuredReply },
    201: { description: "The record was made.", json: replies.userEnsuredReply },
  },
  // Spec: POST /api/users/new ensures the record (with the sign-up grant) exactly once. Any
  // API request does (requireApiUser); this one says whether it was made now.
  async handle({ services, user }) {
    const profile = await getProfile({ db: services.database.db, userId: user.id, workspaceId: user.workspace.id });
    // Gone only if the account was deleted a moment ago, by another tab.
    if (!profile) throw new AppError("not_found", "No such user.");
    // The browser signing up is told, on its first page, why the balance is 0.
    const headers: Record<string, string> =
      user.grantUsedBefore && user.apiKeyId === null
        ? { "Set-Cookie": signupNoticeCookie(services.config.auth.secureCookies) }
        : {};
    return { status: user.recordCreated ? 201 : 200, body: { created: user.recordCreated, user: profile }, headers };
  },
});
