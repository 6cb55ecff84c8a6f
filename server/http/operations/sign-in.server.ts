import type { Request } from "express";
import { z } from "zod";
import * as replies from "#domain/api-replies";
import { safeRedirectPath } from "#domain/navigation";
import { createLoginToken, findAuthUserId, isLoginTokenUsable, redeemLoginToken } from "../../auth/login-links.server";
import { mailboxKey } from "../../auth/mailbox.server";
import { beginOAuth, completeOAuth } from "../../auth/oauth-flow.server";
import { getOAuthProvider, oauthProviderIds } from "../../auth/oauth-providers.server";
import { hitRateLimit } from "../../auth/rate-limit.server";
import { readSessionId } from "../../auth/session.server";
import {
  clearSessionCookie,
  readCookie,
  serializeSessionCookie,
  SESSION_COOKIE,
} from "../../auth/session-cookie.server";
import { createIdToken, createSession, deleteSession, exchangeIdToken } from "../../auth/sessions.server";
import { normalizeEmail } from "../../auth/tokens.server";
import { newAccountRefusal } from "../../instance/signup-policy.server";
import { getLogger } from "../../logger.server";
import { loginLinkEmail } from "../../mail/login-link-email.server";
import { signupRefusedEmail } from "../../mail/signup-refused-email.server";
import type { Services } from "../../services";
import { flashToastCookie } from "../../ui/flash-toast.server";
import { signupNoticeCookie } from "../../users/signup-notice.server";
import { ensureUserRecord } from "../../users/users.server";
import { isAppError } from "#domain/errors";
import { AppError } from "../errors.server";
import { signInLinkOrigin } from "../origin-check.server";
import { defineOperation } from "./operation.server";

const emailSchema = z.email().max(254);
export const signinSchema = z.object({ email: emailSchema, redirectTo: z.string().max(2000).optional() });
// Any token shape is looked up: a tampered link is "expired or used", not a malformed request.
const linkTokenSchema = z.string().min(1).max(200);
export const verifySchema = z.object({ token: linkTokenSchema, email: emailSchema });
export const linkStatusSchema = z.object({ token: linkTokenSchema });
export const tokenSchema = z.object({ idToken: z.string().min(20).max(200) });

const OAUTH_STATE_COOKIE = "motif_oauth_state";

function oauthStateCookie(value: string, secure: boolean, maxAgeSeconds: number): string {
  return `${OAUTH_STATE_COOKIE}=${value}; Path=/api/auth/oauth; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

const TOO_MANY = "Too many sign-in attempts. Please wait a few minutes and try again.";
const LINK_FAILURES = {
  invalid: "This link has expired or was already used — request a new one.",
  wrong_email: "This sign-in link was sent to another e-mail address.",
} as const;

async function limit(services: Services, key: string, max: number) {
  const result = await hitRateLimit({
    db: services.database.db,
    key,
    limit: max,
    windowMs: services.config.auth.limits.windowMs,
  });
  if (!result.allowed)
    throw new AppError("rate_limited", TOO_MANY, {}, { "Retry-After": String(result.retryAfterSeconds) });
}
const ipOf = (req: Request) => req.ip ?? "unknown";

/** The instance's sign-up policy, as the sign-in steps ask it: why `email` may not make an account, or null. */
function signupRefusalOf(services: Services) {
  const deps = {
    db: services.database.db,
    defaults: services.config.instance,
    adminEmails: services.config.adminEmails,
  };
  return (email: string) => newAccountRefusal(deps, email);
}

/** The federated sign-in method the path names, when this instance offers it. */
function oauthProviderOf(services: Services, name: string) {
  const id = z.enum(oauthProviderIds).safeParse(name);
  return id.success ? getOAuthProvider(id.data, services.config) : undefined;
}

/** The browser's sign-in: e-mail links, the session cookie, and federated sign-in. */

export const signInOperations = [
  defineOperation({
    method: "post",
    path: "/api/auth/signin-email",
    tag: "Sign-in",
    summary: "E-mail a sign-in link",
    description: "The same answer for every address.",
    access: "public",
    json: signinSchema,
    errors: [429],
    responses: { 200: { description: "Sent, if the address can sign in.", json: replies.okReply } },
    // Spec: POST /api/auth/signin-email {email}. The same answer for every address.
    async handle({ req, services, body }) {
      const normalized = normalizeEmail(body.email);
      const { limits, loginLinkTtlMs } = services.config.auth;
      await limit(services, `signin:ip:${ipOf(req)}`, limits.perIp);
      // Per mailbox, so "+tag" and case variants of one address share the count.
      await limit(services, `signin:email:${mailboxKey(normalized)}`, limits.perEmail);

      // No account, and the instance takes none from this address: say so by e-mail, not here,
      // so the answer is the same for every address.
      const refusal = (await findAuthUserId(services.database.db, normalized))
        ? null
        : await signupRefusalOf(services)(normalized);
      if (refusal) {
        const refused = signupRefusedEmail({ to: normalized, reason: refusal, publicUrl: services.config.publicUrl });
        services.mailer
          .send(refused)
          .catch((error) => getLogger().error({ err: error }, "sending the sign-up refusal failed"));
        return { status: 200, body: { ok: true } };
      }
      const token = await createLoginToken({ db: services.database.db, email: normalized, ttlMs: loginLinkTtlMs });
      const link = new URL("/auth/verify", signInLinkOrigin(services.config, req.get("Origin")));
      link.searchParams.set("token", token);
      const target = safeRedirectPath(body.redirectTo, "/app");
      if (target !== "/app") link.searchParams.set("redirectTo", target);
      const message = loginLinkEmail({
        to: normalized,
        link: link.href,
        ttlMinutes: Math.max(1, Math.round(loginLinkTtlMs / 60_000)),
      });
      // Sent in the background so the response takes the same time for every address.
      services.mailer
        .send(message)
        .catch((error) => getLogger().error({ err: error }, "sending the sign-in link failed"));
      return { status: 200, body: { ok: true } };
    },
  }),
  defineOperation({
    method: "post",
    path: "/api/auth/verify",
    tag: "Sign-in",
    summary: "Redeem a sign-in link",
    access: "public",
    json: verifySchema,
    errors: [401, 403, 429],
    responses: { 200: { description: "A short-lived ID token.", json: replies.idTokenReply } },
    // Completes an e-mail link with the e-mail it was sent to; answers with a short-lived ID token.
    async handle({ req, services, body: { token, email } }) {
      await limit(services, `verify:ip:${ipOf(req)}`, services.config.auth.limits.perIp);
      const result = await redeemLoginToken({
        db: services.database.db,
        token,
        email,
        refuseNew: signupRefusalOf(services),
      });
      if (!result.ok) throw new AppError("unauthorized", LINK_FAILURES[result.reason], { reason: result.reason });
      const idToken = await createIdToken({ db: services.database.db, userId: result.userId });
      return { status: 200, body: { idToken } };
    },
  }),
  defineOperation({
    method: "post",
    path: "/api/auth/link-status",
    tag: "Sign-in",
    summary: "Whether a sign-in link can still be used",
    access: "public",
    json: linkStatusSchema,
    errors: [429],
    responses: { 200: { description: "Usable or not.", json: replies.linkStatusReply } },
    // Whether a link can still be used, before the page asks for the e-mail: a dead link is said
    // to be one, rather than sending its opener to type an address for nothing.
    async handle({ req, services, body: { token } }) {
      await limit(services, `verify:ip:${ipOf(req)}`, services.config.auth.limits.perIp);
      return { status: 200, body: { usable: await isLoginTokenUsable({ db: services.database.db, token }) } };
    },
  }),
  defineOperation({
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
  }),
  defineOperation({
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
  }),
  defineOperation({
    method: "get",
    path: "/api/auth/oauth/:provider",
    tag: "Sign-in",
    summary: "Start signing in with a provider",
    access: "public",
    errors: [429],
    responses: { 302: { description: "To the provider's sign-in page." } },
    async handle({ req, res, services, params }) {
      const provider = oauthProviderOf(services, params.provider);
      if (!provider) throw new AppError("not_found", "This sign-in method is not available.");
      await limit(services, `oauth:ip:${ipOf(req)}`, services.config.auth.limits.perIp);
      const redirectTo = safeRedirectPath(typeof req.query.redirectTo === "string" ? req.query.redirectTo : null);
      const url = await beginOAuth({ db: services.database.db, provider, redirectTo });
      // The state is also kept in this browser, so a callback link made by someone else (a
      // login CSRF) does not sign this browser in.
      res.setHeader(
        "Set-Cookie",
        oauthStateCookie(url.searchParams.get("state") ?? "", services.config.auth.secureCookies, 600),
      );
      res.redirect(302, url.href);
    },
  }),
  defineOperation({
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
  }),
];
