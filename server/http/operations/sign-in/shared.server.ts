import type { Request } from "express";
import { z } from "zod";
import { getOAuthProvider, oauthProviderIds } from "../../../auth/oauth-providers.server";
import { hitRateLimit } from "../../../auth/rate-limit.server";
import { newAccountRefusal } from "../../../instance/signup-policy.server";
import type { Services } from "../../../services";
import { AppError } from "../../errors.server";

export const emailSchema = z.email().max(254);

// Any token shape is looked up: a tampered link is "expired or used", not a malformed request.
export const linkTokenSchema = z.string().min(1).max(200);

export const OAUTH_STATE_COOKIE = "motif_oauth_state";

const TOO_MANY = "Too many sign-in attempts. Please wait a few minutes and try again.";

export async function limit(services: Services, key: string, max: number) {
  const result = await hitRateLimit({
    db: services.database.db,
    key,
    limit: max,
    windowMs: services.config.auth.limits.windowMs,
  });
  if (!result.allowed)
    throw new AppError("rate_limited", TOO_MANY, {}, { "Retry-After": String(result.retryAfterSeconds) });
}

export const ipOf = (req: Request) => req.ip ?? "unknown";

/** The instance's sign-up policy, as the sign-in steps ask it: why `email` may not make an account, or null. */
export function signupRefusalOf(services: Services) {
  const deps = {
    db: services.database.db,
    defaults: services.config.instance,
    adminEmails: services.config.adminEmails,
  };
  return (email: string) => newAccountRefusal(deps, email);
}

/** The federated sign-in method the path names, when this instance offers it. */
export function oauthProviderOf(services: Services, name: string) {
  const id = z.enum(oauthProviderIds).safeParse(name);
  return id.success ? getOAuthProvider(id.data, services.config) : undefined;
}
