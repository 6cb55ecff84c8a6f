import type { Request } from "express";
import { apiKeyMessages } from "#domain/api-keys";
import { authenticateApiKey } from "../api-keys/api-keys.server";
import { hitRateLimit } from "../auth/rate-limit.server";
import { readSessionId } from "../auth/session.server";
import { findSessionUser, type SessionUser } from "../auth/sessions.server";
import type { Services } from "../services.server";
import { AppError } from "./errors.server";

/** Who an API request acts for: a signed-in browser, or one of the user's API keys. */
export interface ApiUser extends SessionUser {
  /** The key the request came with; null for a browser session. */
  apiKeyId: string | null;
}

/** The secret of `Authorization: Bearer <key>`; null when the request has no Authorization header. */
export function bearerSecret(req: Request): string | null {
  const header = req.get("Authorization");
  if (header === undefined) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new AppError("unauthorized", "Send the API key as Authorization: Bearer <key>.");
  return match[1]!;
}

/**
 * The user of an API request, or a 401. A request with an API key is that key's user
 * and never reads cookies; each key has its own request budget (shared by every process).
 */
export async function requireApiUser(req: Request, services: Services): Promise<ApiUser> {
  const { db } = services.database;
  const secret = bearerSecret(req);
  if (secret !== null) {
    const { user, keyId } = await authenticateApiKey(db, secret);
    const { perMinute } = services.config.apiKeys;
    const limit = await hitRateLimit({ db, key: `api-key:${keyId}`, limit: perMinute, windowMs: 60_000 });
    if (!limit.allowed) {
      throw new AppError(
        "rate_limited",
        `This API key may make ${perMinute} requests a minute. Try again in ${limit.retryAfterSeconds} s.`,
        { retryAfterSeconds: limit.retryAfterSeconds },
        { "Retry-After": String(limit.retryAfterSeconds) },
      );
    }
    return { ...user, apiKeyId: keyId };
  }
  const sessionId = readSessionId(req.get("Cookie"), services.config.auth.secureCookies);
  const user = sessionId ? await findSessionUser({ db, sessionId, cache: services.sessions }) : null;
  if (!user) throw new AppError("unauthorized", "Please sign in.");
  return { ...user, apiKeyId: null };
}

/** For what only a person in a browser may do (manage keys, delete the account): API keys get a 403. */
export async function requireSessionUser(req: Request, services: Services): Promise<ApiUser> {
  if (bearerSecret(req) !== null) throw new AppError("forbidden", apiKeyMessages.sessionOnly);
  return requireApiUser(req, services);
}
