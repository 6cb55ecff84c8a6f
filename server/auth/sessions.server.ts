import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { authUsers, idTokens, sessions } from "../db/schema";
import { announceSessionsEnded } from "../events/events.server";
import { hashToken, randomToken } from "./tokens.server";

export const ID_TOKEN_TTL_MS = 2 * 60_000;

export interface SessionUser {
  id: string;
  email: string;
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
  const sessionId = randomToken();
  await options.db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  await options.db.insert(sessions).values({
    idHash: hashToken(sessionId),
    userId: options.userId,
    expiresAt: new Date(Date.now() + options.ttlMs),
  });
  return sessionId;
}

export async function findSessionUser(options: { db: Database; sessionId: string }): Promise<SessionUser | null> {
  const [row] = await options.db
    .select({ id: authUsers.id, email: authUsers.email })
    .from(sessions)
    .innerJoin(authUsers, eq(authUsers.id, sessions.userId))
    .where(and(eq(sessions.idHash, hashToken(options.sessionId)), gt(sessions.expiresAt, sql`now()`)));
  return row ?? null;
}

export async function deleteSession(options: { db: Database; sessionId: string }): Promise<void> {
  await options.db.transaction(async (tx) => {
    const [ended] = await tx
      .delete(sessions)
      .where(eq(sessions.idHash, hashToken(options.sessionId)))
      .returning({ userId: sessions.userId });
    // Its open event streams end too, in every process.
    if (ended) await announceSessionsEnded(tx, ended.userId);
  });
}
