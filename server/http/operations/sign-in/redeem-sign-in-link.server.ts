import * as replies from "#domain/api-replies";
import { redeemLoginToken } from "../../../auth/login-links.server";
import { createIdToken } from "../../../auth/sessions.server";
import { AppError } from "../../errors.server";
import { defineOperation } from "../operation.server";
import { z } from "zod";
import { emailSchema, linkTokenSchema, limit, ipOf, signupRefusalOf } from "./shared.server";

const verifySchema = z.object({ token: linkTokenSchema, email: emailSchema });

const LINK_FAILURES = {
  invalid: "This link has expired or was already used — request a new one.",
  wrong_email: "This sign-in link was sent to another e-mail address.",
} as const;

export const redeemSignInLinkOperation = defineOperation({
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
});
