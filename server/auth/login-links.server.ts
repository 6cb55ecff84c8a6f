import { and, eq, gt, lt, sql } from "drizzle-orm";
import { AppError } from "#domain/errors";
import type { Database } from "../db/client.server";
import { authUsers, loginTokens } from "../db/schema";
import { hashToken, normalizeEmail, randomToken } from "./tokens.server";

/** Stores a new sign-in link for `email` and returns its token (only the hash is kept). */
export async function createLoginToken(options: { db: Database; email: string; ttlMs: number }): Promise<string> {
  const token = randomToken();
  await options.db.insert(loginTokens).values({
    tokenHash: hashToken(token),
    email: normalizeEmail(options.email),
    expiresAt: new Date(Date.now() + options.ttlMs),
  });
  // Expired links are useless; clear them out as we go.
  await options.db.delete(loginTokens).where(lt(loginTokens.expiresAt, new Date()));
  return token;
}

/**
 * Why a link did not sign in: `invalid` when no such unexpired link exists (expired,
 * used or tampered), `wrong_email` when it exists but was sent to another address.
 */
export type RedeemFailure = "invalid" | "wrong_email";
export type RedeemResult = { ok: true; userId: string; email: string } | { ok: false; reason: RedeemFailure };

/** Whether a link can still be used, without using it (the verify page asks before prompting for the e-mail). */
export async function isLoginTokenUsable(options: { db: Database; token: string }): Promise<boolean> {
  const [row] = await options.db
    .select({ email: loginTokens.email })
    .from(loginTokens)
    .where(and(eq(loginTokens.tokenHash, hashToken(options.token)), gt(loginTokens.expiresAt, sql`now()`)));
  return row !== undefined;
}

/**
 * Redeems a sign-in link for the e-mail it was sent to. The token row is deleted
 * in the same statement that checks it, so parallel redemptions yield one winner.
 * A wrong e-mail leaves the link usable by its owner.
 */
export async function redeemLoginToken(options: {
  db: Database;
  token: string;
  email: string;
  refuseNew?: (email: string) => Promise<string | null>;
}): Promise<RedeemResult> {
  const email = normalizeEmail(options.email);
  const [redeemed] = await options.db
    .delete(loginTokens)
    .where(
      and(
        eq(loginTokens.tokenHash, hashToken(options.token)),
        eq(loginTokens.email, email),
        gt(loginTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!redeemed) {
    const usable = await isLoginTokenUsable({ db: options.db, token: options.token });
    return { ok: false, reason: usable ? "wrong_email" : "invalid" };
  }
  const userId = await findOrCreateAuthUser({ db: options.db, email, refuseNew: options.refuseNew });
  return { ok: true, userId, email };
}

/** The id of the account with this (normalised) address, if there is one. */
export async function findAuthUserId(db: Pick<Database, "select">, email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(eq(authUsers.email, normalizeEmail(email)));
  return row?.id;
}

/**
 * The account for `email`, made when there is none, unless `refuseNew` says why it may not be
 * (the instance's sign-up policy): then a 403 with that reason, and nothing is made.
 */
export async function findOrCreateAuthUser(options: {
  db: Database;
  email: string;
  refuseNew?: (email: string) => Promise<string | null>;
}): Promise<string> {
  const email = normalizeEmail(options.email);
  const found = await findAuthUserId(options.db, email);
  if (found) return found;
  const refusal = await options.refuseNew?.(email);
  if (refusal) throw new AppError("forbidden", refusal);
  await options.db
    .insert(authUsers)
    .values({ id: randomToken().slice(0, 24), email })
    .onConflictDoNothing({ target: authUsers.email });
  return (await findAuthUserId(options.db, email))!;
}
