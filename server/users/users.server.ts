import { and, eq, gt, inArray, isNull, or } from "drizzle-orm";
import type { InstanceSettings } from "#domain/instance-settings";
import type { Profile } from "#domain/users";
import { balanceRowId, creditsVersionOf, type Transaction } from "../credits/credits.server";
import { openBalanceWithin } from "../credits/ledger.server";
import type { Database } from "../db/client.server";
import {
  apiKeys,
  authUsers,
  creditLedger,
  loginTokens,
  rateLimits,
  teamInvitations,
  workspaceBalances,
  workspaces,
} from "../db/schema";
import { announceSessionsEnded } from "../events/events.server";
import { readInstanceSettings } from "../instance/instance-settings.server";
import { handOverTeamsOf } from "../teams/teams.server";
import { claimSignupGrant } from "./signup-grants.server";

export type { Profile };

/**
 * Ensures the user's record, granting the sign-up credits once per account and once
 * per mailbox: the insert, the grant's record and its ledger row share a transaction,
 * and a second call finds the row there. An address that had the grant before (an
 * account deleted and made again, or another +tag of it) starts at 0, and its ledger
 * says so with a 0-credit sign-up line.
 */
export async function ensureUserRecord(options: {
  db: Database;
  userId: string;
  /** The environment's instance settings: the sign-up grant is read over them, only when a record is made. */
  instanceDefaults: InstanceSettings;
  /** ADDRESS_HASH_SECRET: keys the hashed record of addresses that had the grant. */
  addressHashSecret: string | undefined;
}) {
  const { db, userId, addressHashSecret } = options;
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(workspaceBalances)
      .values({ id: userId, credits: 0 })
      .onConflictDoNothing({ target: workspaceBalances.id })
      .returning({ id: workspaceBalances.id });
    if (inserted.length === 0) return { created: false, grantUsedBefore: false };
    const { signupGrant } = (await readInstanceSettings(tx, options.instanceDefaults)).settings;
    if (signupGrant > 0) {
      const [identity] = await tx.select({ email: authUsers.email }).from(authUsers).where(eq(authUsers.id, userId));
      const granted = identity ? await claimSignupGrant(tx, identity.email, addressHashSecret) : false;
      const amount = granted ? signupGrant : 0;
      await openBalanceWithin(tx, { workspaceId: userId, amount });
      // The person is told why they start at 0 (signup-notice.server.ts).
      return { created: true, grantUsedBefore: Boolean(identity) && !granted };
    }
    return { created: true, grantUsedBefore: false };
  });
}

export async function getProfile(options: {
  db: Database;
  userId: string;
  /** Whose balance the profile shows: the workspace the request acts in (by default the person's own). */
  workspaceId?: string;
}): Promise<Profile | null> {
  const [row] = await options.db
    .select({
      uid: authUsers.id,
      email: authUsers.email,
      credits: workspaceBalances.credits,
      creditsVersion: creditsVersionOf(balanceRowId),
    })
    .from(authUsers)
    .leftJoin(workspaceBalances, eq(workspaceBalances.id, options.workspaceId ?? options.userId))
    .where(eq(authUsers.id, options.userId));
  return row ? { uid: row.uid, email: row.email, credits: row.credits ?? 0, creditsVersion: row.creditsVersion } : null;
}

/**
 * Deletes the account and everything it owns. Its workspace (balance, ledger, purchases,
 * styles, objects, images, jobs, keys) goes first, on its own; then sessions, linked
 * accounts and memberships by cascade from the identity; pending links by e-mail. What
 * other people rely on stays: a team's ledger lines, jobs and records it made keep their
 * amounts with the person unnamed (null), and the audit log is never changed. The record
 * that its address had the sign-up credits stays (made here too for accounts granted
 * before that record existed).
 */
export async function deleteAccount(options: {
  db: Database;
  userId: string;
  addressHashSecret: string | undefined;
}): Promise<{ teamsDeleted: string[] } | null> {
  return options.db.transaction((tx) => deleteAccountWithin(tx, options));
}

/** `deleteAccount` inside a transaction the caller holds: the deleted identity, or null when there was none. */
export async function deleteAccountWithin(
  tx: Transaction,
  options: { userId: string; addressHashSecret: string | undefined },
): Promise<{ email: string; teamsDeleted: string[] } | null> {
  const [grant] = await tx
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.workspaceId, options.userId),
        eq(creditLedger.reason, "signup_grant"),
        gt(creditLedger.delta, 0),
      ),
    );
  // The teams it owns get another owner (or go, with nobody else in them) before it does.
  const teamsDeleted = await handOverTeamsOf(tx, options.userId);
  const keys = await tx.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.userId, options.userId));
  // Its workspace in a statement of its own, before the identity. With the identity, one cascade
  // nulled a ledger line's member_id (the person's spending) and another its api_key_id (their key,
  // going too); changed twice in one statement, the line was checked again against its balance row,
  // which the workspace's cascade had already removed, before the line's own cascade came: a
  // foreign key violation (500) for a line that was going anyway.
  await tx.delete(workspaces).where(eq(workspaces.personId, options.userId));
  // Invitations it sent and had not been used are withdrawn, as when it leaves a team; those it
  // accepted hold only its address.
  await tx
    .delete(teamInvitations)
    .where(
      or(
        and(eq(teamInvitations.invitedBy, options.userId), isNull(teamInvitations.acceptedAt)),
        eq(teamInvitations.acceptedBy, options.userId),
      ),
    );
  // Its own counters (a credit request's hour, its keys' minute) go with it.
  await tx
    .delete(rateLimits)
    .where(
      inArray(rateLimits.key, [
        `credit-request:${options.userId}`,
        `setup-check:${options.userId}`,
        ...keys.map((k) => `api-key:${k.id}`),
      ]),
    );
  const [deleted] = await tx.delete(authUsers).where(eq(authUsers.id, options.userId)).returning();
  if (!deleted) return null;
  if (grant) await claimSignupGrant(tx, deleted.email, options.addressHashSecret);
  await tx.delete(loginTokens).where(eq(loginTokens.email, deleted.email));
  // Its sessions went by cascade: their open event streams end too, in every process.
  await announceSessionsEnded(tx, options.userId);
  return { email: deleted.email, teamsDeleted };
}
