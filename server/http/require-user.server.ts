import type { Request } from "express";
import type { Actor } from "#domain/actor";
import { apiKeyMessages } from "#domain/api-keys";
import { notInTeamMessage } from "#domain/teams";
import { authenticateApiKey } from "../api-keys/api-keys.server";
import { hitRateLimit } from "../auth/rate-limit.server";
import { readSessionId } from "../auth/session.server";
import { findSessionUser, type SessionUser } from "../auth/sessions.server";
import type { Services } from "../services";
import { ensureUserRecord } from "../users/users.server";
import { readWorkspaceCookie } from "../workspaces/workspace-cookie.server";
import { findWorkspace, type Workspace } from "../workspaces/workspaces.server";
import { AppError } from "./errors.server";

/** Who an API request acts for: a signed-in browser, or one of the user's API keys. */
export interface ApiUser extends SessionUser {
  /** The key the request came with; null for a browser session. */
  apiKeyId: string | null;
  /** Whether this request made the user's record, with the sign-up grant (see withRecord). */
  recordCreated: boolean;
  /** The record made now got no sign-up credits: its address had them with an earlier account. */
  grantUsedBefore: boolean;
  /** Where the request acts: the key's workspace, or the one the browser chose. Records are scoped by its id. */
  workspace: Workspace;
  /** Who acts, as use cases and the ledger take it: this workspace, this person, this key. */
  actor: Actor;
}

/** A key made for a team its maker has since left: out at once (as is a browser naming a team it left). */
const keyWorkspaceGone = "This API key's team no longer includes you.";

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
    const { user, keyId, workspaceId } = await authenticateApiKey(db, secret);
    await spendKeyRequests({ req, services, keyId, requests: 1 });
    const workspace = await findWorkspace(db, { userId: user.id, requested: workspaceId });
    if (!workspace) throw new AppError("unauthorized", keyWorkspaceGone);
    return withRecord({ ...user, apiKeyId: keyId, workspace, actor: actorOf(user, workspace, keyId) }, services);
  }
  const sessionId = readSessionId(req.get("Cookie"), services.config.auth.secureCookies);
  const user = sessionId ? await findSessionUser({ db, sessionId, cache: services.sessions }) : null;
  if (!user) throw new AppError("unauthorized", "Please sign in.");
  const workspace = await findWorkspace(db, { userId: user.id, requested: readWorkspaceCookie(req.get("Cookie")) });
  if (!workspace) throw new AppError("unauthorized", notInTeamMessage);
  return withRecord({ ...user, apiKeyId: null, workspace, actor: actorOf(user, workspace, null) }, services);
}

const actorOf = (person: SessionUser, workspace: Workspace, apiKeyId: string | null): Actor => ({
  workspaceId: workspace.id,
  memberId: person.id,
  apiKeyId,
});

/**
 * Counts `requests` against the key's budget for the minute (shared by every process), or a
 * 429. An MCP batch counts each of its messages beyond the one its HTTP request counted.
 */
export async function spendKeyRequests(options: {
  req: Request;
  services: Services;
  keyId: string;
  requests: number;
}): Promise<void> {
  const { req, services, keyId, requests } = options;
  const { perMinute } = services.config.apiKeys;
  const limit = await hitRateLimit({
    db: services.database.db,
    key: `api-key:${keyId}`,
    limit: perMinute,
    windowMs: 60_000,
    hits: requests,
  });
  // Every keyed answer says the key's budget and what is left of it (IETF RateLimit headers).
  req.res?.setHeader("RateLimit-Policy", `"api-key";q=${perMinute};w=60`);
  req.res?.setHeader("RateLimit", `"api-key";r=${limit.remaining};t=${limit.retryAfterSeconds}`);
  if (!limit.allowed) {
    throw new AppError(
      "rate_limited",
      `This API key may make ${perMinute} requests a minute. Try again in ${limit.retryAfterSeconds} s.`,
      { retryAfterSeconds: limit.retryAfterSeconds },
      { "Retry-After": String(limit.retryAfterSeconds) },
    );
  }
}

/**
 * A signed-in user always has a record. The browser makes it with POST /api/users/new right
 * after sign-in, but a client that never calls it (a script, an interrupted sign-in) would
 * otherwise find itself with no balance at all: its first request makes the record here, the
 * same way and with the same one-time grant. The identity read says whether the record is
 * there, so a user who has one pays nothing for this.
 */
async function withRecord(
  user: Omit<ApiUser, "recordCreated" | "grantUsedBefore">,
  services: Services,
): Promise<ApiUser> {
  if (user.hasRecord) return { ...user, recordCreated: false, grantUsedBefore: false };
  const { created, grantUsedBefore } = await ensureUserRecord({
    db: services.database.db,
    userId: user.id,
    instanceDefaults: services.config.instance,
    addressHashSecret: services.config.credits.addressHashSecret,
  });
  // The cached session still says "no record": read it afresh next time.
  services.sessions.forgetUser(user.id);
  return { ...user, hasRecord: true, recordCreated: created, grantUsedBefore };
}

/** For what only a person in a browser may do (manage keys, delete the account): API keys get a 403. */
export async function requireSessionUser(req: Request, services: Services): Promise<ApiUser> {
  if (bearerSecret(req) !== null) {
    // Authentication before permission: a made-up or revoked key hears that (401), a valid one the 403.
    await requireApiUser(req, services);
    throw new AppError("forbidden", apiKeyMessages.sessionOnly);
  }
  return requireApiUser(req, services);
}
