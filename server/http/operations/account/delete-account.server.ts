import * as replies from "#domain/api-replies";
import { clearSessionCookie } from "../../../auth/session-cookie.server";
import { workspaceFolder } from "../../../storage/folders.server";
import { deleteAccount } from "../../../users/users.server";
import { defineOperation } from "../operation.server";

export const deleteAccountOperation = defineOperation({
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
        await services.storage.deletePrefix(workspaceFolder(folder));
    return {
      status: 200,
      body: { success: deleted !== null },
      headers: { "Set-Cookie": clearSessionCookie(services.config.auth.secureCookies) },
    };
  },
});
