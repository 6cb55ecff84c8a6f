import * as replies from "#domain/api-replies";
import { readSessionId } from "../../../auth/session.server";
import { serializeSessionCookie, SESSION_COOKIE } from "../../../auth/session-cookie.server";
import { deleteSession, exchangeIdToken } from "../../../auth/sessions.server";
import { AppError } from "../../errors.server";
import { defineOperation } from "../operation.server";
import { z } from "zod";

const tokenSchema = z.object({ idToken: z.string().min(20).max(200) });

export const startSessionOperation = defineOperation({
  method: "post",
  path: "/api/auth/token",
  tag: "Sign-in",
  summary: "Start a session",
  description: `Exchanges an ID token for the HttpOnly session cookie (\`${SESSION_COOKIE}\`).`,
  access: "public",
  json: tokenSchema,
  errors: [401],
  responses: {
    200: {
      description: "Signed in.",
      json: replies.signedInReply,
      headers: { "Set-Cookie": { description: "The session cookie.", schema: { type: "string" } } },
    },
  },
  // Spec: POST /api/auth/token {idToken} → the HttpOnly session cookie.
  async handle({ req, services, body: { idToken } }) {
    const { secureCookies, sessionTtlMs } = services.config.auth;
    const previous = readSessionId(req.get("Cookie"), secureCookies);
    const result = await exchangeIdToken({ db: services.database.db, idToken, ttlMs: sessionTtlMs });
    if (!result) throw new AppError("unauthorized", "The sign-in has expired. Please request a new link.");
    if (previous) await deleteSession({ db: services.database.db, sessionId: previous, cache: services.sessions });
    const cookie = serializeSessionCookie({ value: result.sessionId, secure: secureCookies, maxAgeMs: sessionTtlMs });
    return {
      status: 200,
      body: { user: { uid: result.user.id, email: result.user.email } },
      headers: { "Set-Cookie": cookie },
    };
  },
});
