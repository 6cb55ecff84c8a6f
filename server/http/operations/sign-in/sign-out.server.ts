import * as replies from "#domain/api-replies";
import { readSessionId } from "../../../auth/session.server";
import { clearSessionCookie } from "../../../auth/session-cookie.server";
import { deleteSession } from "../../../auth/sessions.server";
import { defineOperation } from "../operation.server";

export const signOutOperation = defineOperation({
  method: "delete",
  path: "/api/auth/token",
  tag: "Sign-in",
  summary: "Sign out",
  access: "public",
  responses: { 200: { description: "The session is ended.", json: replies.okReply } },
  // Spec: DELETE /api/auth/token ends the server session.
  async handle({ req, services }) {
    const sessionId = readSessionId(req.get("Cookie"), services.config.auth.secureCookies);
    if (sessionId) await deleteSession({ db: services.database.db, sessionId, cache: services.sessions });
    return {
      status: 200,
      body: { ok: true },
      headers: { "Set-Cookie": clearSessionCookie(services.config.auth.secureCookies) },
    };
  },
});
