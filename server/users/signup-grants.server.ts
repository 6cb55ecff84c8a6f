import { createHash, createHmac } from "node:crypto";
import { inArray } from "drizzle-orm";
import { mailboxKey } from "../auth/mailbox.server";
import type { Database } from "../db/client.server";
import { signupGrants } from "../db/schema";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The hashes an address's grant may be recorded under, the one to write first. With
 * ADDRESS_HASH_SECRET: an HMAC-SHA-256, so a copy of the database alone cannot confirm
 * which addresses once had an account. Without it (and for records made before it was
 * set): a SHA-256. Both are of the mailbox (mailboxKey), so `a+1@…` shares `a@…`'s grant.
 */
export function signupGrantHashes(email: string, secret: string | undefined): string[] {
  const mailbox = mailboxKey(email);
  const plain = `sha256:${createHash("sha256").update(`motif signup grant:${mailbox}`).digest("hex")}`;
  if (!secret) return [plain];
  return [`hmac:${createHmac("sha256", secret).update(mailbox).digest("hex")}`, plain];
}

/**
 * Records that `email` is getting the sign-up credits; false when it had them before.
 * One insert on the primary key, so two accounts for one mailbox at once get one grant.
 */
export async function claimSignupGrant(db: Database | Tx, email: string, secret: string | undefined) {
  const [hash, ...older] = signupGrantHashes(email, secret);
  if (older.length > 0) {
    const found = await db
      .select({ hash: signupGrants.addressHash })
      .from(signupGrants)
      .where(inArray(signupGrants.addressHash, older));
    if (found.length > 0) return false;
  }
  const inserted = await db
    .insert(signupGrants)
    .values({ addressHash: hash! })
    .onConflictDoNothing()
    .returning({ hash: signupGrants.addressHash });
  return inserted.length > 0;
}
