import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { accountDisabledMessage } from "#domain/audit";
import { AppError } from "#domain/errors";
import type { Database } from "../db/client.server";
import { authUsers, idTokens, sessions, workspaceBalances } from "../db/schema";
import { announceSessionsEnded } from "../events/events.server";
import type { SessionCache } from "./session-cache.server";
import { hashToken, randomToken } from "./tokens.server";

export const ID_TOKEN_TTL_MS = 2 * 60_000;

export interface SessionUser {
  id: string;
  email: string;
  /** Whether this is the instance's first account (its operator when ADMIN_EMAILS is unset); known when read with the session. */
  firstUser?: boolean;
  /**
   * Whether the user's record (profile and balance) exists, as read with the session; false
   * until POST /api/users/new or the first API request makes it (see require-user.server.ts).
   */
  hasRecord?: boolean;
}

/** A single-use token the client exchanges for a session cookie (spec: POST /api/auth/token {idToken}). */
export async function createIdToken(options: { db: Database; userId: string }): Promise<string> {
  const token = randomToken();
  await options.db.delete(idTokens).where(lt(idTokens.expiresAt, new Date()));
  await options.db
    .insert(idTokens)
    .values({ tokenHash: hashToken(token), userId: options.userId, expiresAt: new Date(Date.now() + ID_TOKEN_TTL_MS) });
  return token;
}

/** Consumes an ID token and starts a new session with a fresh random id. */
export async function exchangeIdToken(options: {
  db: Database;
  idToken: string;
  ttlMs: number;
}): Promise<{ sessionId: string; user: SessionUser } | null> {
  const [consumed] = await options.db
    .delete(idTokens)
    .where(and(eq(idTokens.tokenHash, hashToken(options.idToken)), gt(idTokens.expiresAt, sql`now()`)))
    .returning({ userId: idTokens.userId });
  if (!consumed) return null;
  const sessionId = await createSession({ db: options.db, userId: consumed.userId, ttlMs: options.ttlMs });
  const [user] = await options.db
    .select({ id: authUsers.id, email: authUsers.email })
    .from(authUsers)
    .where(eq(authUsers.id, consumed.userId));
  return user ? { sessionId, user } : null;
}

/** A new session with a fresh random id (never reuses one, so a sign-in cannot be fixated). */
export async function createSession(options: { db: Database; userId: string; ttlMs: number }): Promise<string> {
  const [account] = await options.db
    .select({ disabledAt: authUsers.disabledAt })
    .from(authUsers)
    .where(eq(authUsers.id, options.userId));
  if (account?.disabledAt) throw new AppError("forbidden", accountDisabledMessage);
  const sessionId = randomToken();
  await options.db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  await options.db.insert(sessions).values({
    idHash: hashToken(sessionId),
    userId: options.userId,
    expiresAt: new Date(Date.now() + options.ttlMs),
  });
  return sessionId;
}

/**
 * The user a session belongs to, or null when it has ended. With a cache, a session looked up
 * in the last few seconds costs no query; the row also says whether the user is the first
 * account, so the operator check that most pages make costs none either.
 */
export async function findSessionUser(options: {
  db: Database;
  sessionId: string;
  cache?: SessionCache;
}): Promise<SessionUser | null> {
  const idHash = hashToken(options.sessionId);
  const cached = options.cache?.get(idHash);
  if (cached) return cached;
  const [row] = await options.db
    .select({
      id: authUsers.id,
      email: authUsers.email,
      expiresAt: sessions.expiresAt,
      firstUser: sql<boolean>`${authUsers.id} = (select id from auth_users order by created_at, id limit 1)`,
      recordId: workspaceBalances.id,
    })
    .from(sessions)
    .innerJoin(authUsers, eq(authUsers.id, sessions.userId))
    .leftJoin(workspaceBalances, eq(workspaceBalances.id, authUsers.id))
    // A session made in the instant an operator disabled the account still ends here.
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, sql`now()`), isNull(authUsers.disabledAt)));
  if (!row) return null;
  const user: SessionUser = {
    id: row.id,
    email: row.email,
    firstUser: Boolean(row.firstUser),
    hasRecord: row.recordId !== null,
  };
  options.cache?.set(idHash, user, row.expiresAt);
  return user;
}

export async function deleteSession(options: { db: Database; sessionId: string; cache?: SessionCache }): Promise<void> {
  // This process forgets it at once; the others when the notice below reaches them.
  options.cache?.forget(hashToken(options.sessionId));
  await options.db.transaction(async (tx) => {
    const [ended] = await tx
      .delete(sessions)
      .where(eq(sessions.idHash, hashToken(options.sessionId)))
      .returning({ userId: sessions.userId });
    // Its open event streams end too, in every process.
    if (ended) await announceSessionsEnded(tx, ended.userId);
  });
}
