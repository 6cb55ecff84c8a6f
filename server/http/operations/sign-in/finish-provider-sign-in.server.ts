import { z } from "zod";
import { completeOAuth } from "../../../auth/oauth-flow.server";
import { readCookie, serializeSessionCookie } from "../../../auth/session-cookie.server";
import { createSession } from "../../../auth/sessions.server";
import { getLogger } from "../../../logger.server";
import { flashToastCookie } from "../../../ui/flash-toast.server";
import { signupNoticeCookie } from "../../../users/signup-notice.server";
import { ensureUserRecord } from "../../../users/users.server";
import { isAppError } from "#domain/errors";
import { defineOperation } from "../operation.server";
import { OAUTH_STATE_COOKIE, signupRefusalOf, oauthProviderOf } from "./shared.server";

export const finishProviderSignInOperation = defineOperation({
  method: "get",
  path: "/api/auth/oauth/:provider/callback",
  tag: "Sign-in",
  summary: "The provider's return",
  description: "Signs in and redirects into the app; on failure, back to the sign-in page.",
  access: "public",
  responses: { 302: { description: "Into the app, or back to the sign-in page." } },
  // Every failure goes back to the sign-in page with a toast: a person followed this link.
  async handle({ req, res, services, params }) {
    const provider = oauthProviderOf(services, params.provider);
    const query = z
      .object({ code: z.string().min(1).max(2000), state: z.string().min(1).max(200) })
      .safeParse(req.query);
    const browserState = readCookie(req.get("Cookie"), OAUTH_STATE_COOKIE);
    try {
      if (!provider || !query.success) throw new Error("Missing provider, code or state");
      if (!browserState || browserState !== query.data.state)
        throw new Error("The sign-in was not started in this browser");
      const { db } = services.database;
      const refuseNew = signupRefusalOf(services);
      const { userId, redirectTo } = await completeOAuth({ db, provider, ...query.data, refuseNew });
      const { grantUsedBefore } = await ensureUserRecord({
        db,
        userId,
        instanceDefaults: services.config.instance,
        addressHashSecret: services.config.credits.addressHashSecret,
      });
      const { secureCookies, sessionTtlMs } = services.config.auth;
      const sessionId = await createSession({ db, userId, ttlMs: sessionTtlMs });
      res.setHeader("Set-Cookie", [
        serializeSessionCookie({ value: sessionId, secure: secureCookies, maxAgeMs: sessionTtlMs }),
        ...(grantUsedBefore ? [signupNoticeCookie(secureCookies)] : []),
      ]);
      res.redirect(302, redirectTo);
    } catch (error) {
      getLogger().warn({ err: error, provider: params.provider }, "federated sign-in failed");
      res.setHeader(
        "Set-Cookie",
        flashToastCookie([
          // A refused sign-up says why; anything else is the spec's general failure.
          isAppError(error) && error.code === "forbidden"
            ? { title: "Login error", description: error.message, color: "error" }
            : {
                title: "Login error",
                description: "There was an error logging you in. Please try again.",
                color: "error",
              },
        ]),
      );
      res.redirect(302, "/auth/login");
    }
  },
});
