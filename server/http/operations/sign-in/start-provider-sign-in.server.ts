import { safeRedirectPath } from "#domain/navigation";
import { beginOAuth } from "../../../auth/oauth-flow.server";
import { AppError } from "../../errors.server";
import { defineOperation } from "../operation.server";
import { OAUTH_STATE_COOKIE, limit, ipOf, oauthProviderOf } from "./shared.server";

function oauthStateCookie(value: string, secure: boolean, maxAgeSeconds: number): string {
  return `${OAUTH_STATE_COOKIE}=${value}; Path=/api/auth/oauth; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export const startProviderSignInOperation = defineOperation({
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
});
