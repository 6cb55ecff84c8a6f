import { eq } from "drizzle-orm";
import { creditsVersionOf } from "../credits/credits.server";
import type { Database } from "../db/client.server";
import { authUsers, creditLedger, loginTokens, users } from "../db/schema";
import { announceSessionsEnded } from "../events/events.server";

export interface Profile {
  uid: string;
  email: string;
  credits: number;
  /** See BalanceSnapshot: lets the client order this reading against live events. */
  creditsVersion: number;
}

/**
 * Ensures the user's record, granting the sign-up credits exactly once: the insert
 * and its ledger row share a transaction, and a second call finds the row there.
 */
export async function ensureUserRecord(options: { db: Database; userId: string; signupGrant: number }) {
  const { db, userId, signupGrant } = options;
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values({ id: userId, credits: signupGrant })
      .onConflictDoNothing({ target: users.id })
      .returning({ id: users.id });
    if (inserted.length > 0 && signupGrant > 0) {
      await tx
        .insert(creditLedger)
        .values({ userId, delta: signupGrant, reason: "signup_grant", ref: userId, balanceAfter: signupGrant });
    }
    return { created: inserted.length > 0 };
  });
}

export async function getProfile(options: { db: Database; userId: string }): Promise<Profile | null> {
  const [row] = await options.db
    .select({
      uid: authUsers.id,
      email: authUsers.email,
      credits: users.credits,
      creditsVersion: creditsVersionOf("auth_users"),
    })
    .from(authUsers)
    .leftJoin(users, eq(users.id, authUsers.id))
    .where(eq(authUsers.id, options.userId));
  return row ? { uid: row.uid, email: row.email, credits: row.credits ?? 0, creditsVersion: row.creditsVersion } : null;
}

/**
 * Deletes the account and everything it owns. Sessions, linked accounts, the
 * profile and the ledger go by cascade from the identity; pending links by e-mail.
 */
export async function deleteAccount(options: { db: Database; userId: string }): Promise<boolean> {
  return options.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(authUsers).where(eq(authUsers.id, options.userId)).returning();
    if (!deleted) return false;
    await tx.delete(loginTokens).where(eq(loginTokens.email, deleted.email));
    // Its sessions went by cascade: their open event streams end too, in every process.
    await announceSessionsEnded(tx, options.userId);
    return true;
  });
}
