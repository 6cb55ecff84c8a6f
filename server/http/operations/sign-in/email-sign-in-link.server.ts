import * as replies from "#domain/api-replies";
import { safeRedirectPath } from "#domain/navigation";
import { createLoginToken, findAuthUserId } from "../../../auth/login-links.server";
import { mailboxKey } from "../../../auth/mailbox.server";
import { normalizeEmail } from "../../../auth/tokens.server";
import { getLogger } from "../../../logger.server";
import { loginLinkEmail } from "../../../mail/login-link-email.server";
import { signupRefusedEmail } from "../../../mail/signup-refused-email.server";
import { signInLinkOrigin } from "../../origin-check.server";
import { defineOperation } from "../operation.server";
import { z } from "zod";
import { emailSchema, limit, ipOf, signupRefusalOf } from "./shared.server";

const signinSchema = z.object({ email: emailSchema, redirectTo: z.string().max(2000).optional() });

export const emailSignInLinkOperation = defineOperation({
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
});
