import type { Config } from "../config.server";
import type { DatabaseHandle } from "../db/client.server";
import type { SessionCache } from "./session-cache.server";
import { readCookie, sessionCookieName } from "./session-cookie.server";
import { findSessionUser, type SessionUser } from "./sessions.server";

export type { SessionUser };

export function readSessionId(cookieHeader: string | null | undefined, secure: boolean): string | undefined {
  return readCookie(cookieHeader, sessionCookieName(secure)) || undefined;
}

/** The signed-in user for a request, or null. */
export async function getSessionUser(options: {
  request: Request;
  services: { config: Config; database: DatabaseHandle; sessions: SessionCache };
}): Promise<SessionUser | null> {
  const { config, database } = options.services;
  const sessionId = readSessionId(options.request.headers.get("Cookie"), config.auth.secureCookies);
  if (!sessionId) return null;
  return findSessionUser({ db: database.db, sessionId, cache: options.services.sessions });
}
