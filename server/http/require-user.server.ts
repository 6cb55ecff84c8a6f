import type { Request } from "express";
import { readSessionId } from "../auth/session.server";
import { findSessionUser, type SessionUser } from "../auth/sessions.server";
import type { Services } from "../services.server";
import { AppError } from "./errors.server";

/** The signed-in user of an API request, or a 401. */
export async function requireApiUser(req: Request, services: Services): Promise<SessionUser> {
  const sessionId = readSessionId(req.get("Cookie"), services.config.auth.secureCookies);
  const user = sessionId ? await findSessionUser({ db: services.database.db, sessionId }) : null;
  if (!user) throw new AppError("unauthorized", "Please sign in.");
  return user;
}
