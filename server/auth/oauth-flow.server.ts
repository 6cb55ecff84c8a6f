import { and, eq, gt, lt, sql } from "drizzle-orm";
import { generateCodeVerifier, generateState } from "arctic";
import type { Database } from "../db/client.server";
import { oauthAccounts, oauthStates } from "../db/schema";
import { findOrCreateAuthUser } from "./login-links.server";
import type { OAuthProvider } from "./oauth-providers.server";

const STATE_TTL_MS = 10 * 60_000;

/** Starts a federated sign-in: remembers state + PKCE verifier, returns the provider's URL. */
export async function beginOAuth(options: { db: Database; provider: OAuthProvider; redirectTo: string }): Promise<URL> {
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  await options.db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date()));
  await options.db.insert(oauthStates).values({
    state,
    provider: options.provider.id,
    codeVerifier,
    redirectTo: options.redirectTo,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  return options.provider.authorizationUrl({ state, codeVerifier });
}

export class OAuthError extends Error {}

/** Completes it: the state is single-use; the account is linked by provider id, else by verified e-mail. */
export async function completeOAuth(options: {
  db: Database;
  provider: OAuthProvider;
  code: string;
  state: string;
  /** Why a new account may not be made for the profile's address (the sign-up policy), or null. */
  refuseNew?: (email: string) => Promise<string | null>;
}): Promise<{ userId: string; redirectTo: string }> {
  const { db, provider } = options;
  const [saved] = await db
    .delete(oauthStates)
    .where(
      and(
        eq(oauthStates.state, options.state),
        eq(oauthStates.provider, provider.id),
        gt(oauthStates.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!saved) throw new OAuthError("Unknown or expired sign-in attempt");
  const profile = await provider.fetchProfile({ code: options.code, codeVerifier: saved.codeVerifier });

  const [linked] = await db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, provider.id), eq(oauthAccounts.providerAccountId, profile.id)));
  if (linked) return { userId: linked.userId, redirectTo: saved.redirectTo };

  if (!profile.email) throw new OAuthError("The provider did not share a verified e-mail address");
  const userId = await findOrCreateAuthUser({ db, email: profile.email, refuseNew: options.refuseNew });
  await db
    .insert(oauthAccounts)
    .values({ provider: provider.id, providerAccountId: profile.id, userId })
    .onConflictDoNothing();
  return { userId, redirectTo: saved.redirectTo };
}
