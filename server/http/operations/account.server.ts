import * as replies from "#domain/api-replies";
import { creditHistoryPageSchema, creditHistoryQuerySchema } from "#domain/credits";
import { clearSessionCookie } from "../../auth/session-cookie.server";
import { listCreditHistory } from "../../credits/history.server";
import { userFolder } from "../../storage/folders.server";
import { signupNoticeCookie } from "../../users/signup-notice.server";
import { deleteAccount, getProfile } from "../../users/users.server";
import { AppError } from "../errors.server";
import { defineOperation } from "./operation.server";

/** The signed-in user's record, profile, credit history, and the account's deletion. */

export const accountOperations = [
  defineOperation({
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
  }),
  defineOperation({
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
  }),
  defineOperation({
    method: "get",
    path: "/api/users/me/credits",
    tag: "Account",
    summary: "Your credit history",
    description: "Every grant, charge and refund, newest first; `before` pages back.",
    access: "user",
    query: creditHistoryQuerySchema,
    responses: { 200: { description: "A page of the ledger.", json: creditHistoryPageSchema } },
    async handle({ services, user, query }) {
      const page = await listCreditHistory(services.database.db, { userId: user.workspace.id, before: query.before });
      return { status: 200, body: page };
    },
  }),
  defineOperation({
    method: "delete",
    path: "/api/users/user",
    tag: "Account",
    summary: "Delete your account",
    description: "Deletes the account with everything in it, and ends the session. Only from a browser session.",
    access: "session",
    responses: { 200: { description: "Whether there was an account to delete.", json: replies.successReply } },
    // Spec: DELETE /api/users/user → {success: true}.
    async handle({ services, user }) {
      const deleted = await deleteAccount({
        db: services.database.db,
        userId: user.id,
        addressHashSecret: services.config.credits.addressHashSecret,
      });
      // Rows went by cascade; the files go with them. This process forgets the sessions at once.
      services.sessions.forgetUser(user.id);
      // With it go the files of its workspace, and of any team that had nobody else in it.
      if (deleted)
        for (const folder of [user.id, ...deleted.teamsDeleted])
          await services.storage.deletePrefix(userFolder(folder));
      return {
        status: 200,
        body: { success: deleted !== null },
        headers: { "Set-Cookie": clearSessionCookie(services.config.auth.secureCookies) },
      };
    },
  }),
];
