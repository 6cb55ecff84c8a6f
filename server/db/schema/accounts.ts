import { index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
// Relative imports: drizzle-kit loads this file without the app's path aliases.

/** Who signs in and how: identities, sessions and sign-in links (the balance is in workspaces.ts). */

/** The identity behind a sign-in: one per e-mail address. */
export const authUsers = pgTable("auth_users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** Set by an operator: the account cannot sign in, its sessions ended, its keys refused. */
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
});

/** A federated identity (GitHub, Google…) linked to an auth user. */
export const oauthAccounts = pgTable(
  "oauth_accounts",
  {
    provider: text("provider").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerAccountId] }), index("oauth_accounts_user_idx").on(t.userId)],
);

/** E-mailed sign-in links. Only the SHA-256 of the token is stored; a row is deleted when redeemed. */
export const loginTokens = pgTable(
  "login_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_tokens_email_idx").on(t.email)],
);

/** Short-lived, single-use tokens a verified sign-in exchanges for a session (POST /api/auth/token). */
export const idTokens = pgTable("id_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => authUsers.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Server sessions; the cookie holds a random id, the table its SHA-256. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** OAuth sign-ins in progress: state and PKCE verifier, single use. */
export const oauthStates = pgTable("oauth_states", {
  state: text("state").primaryKey(),
  provider: text("provider").notNull(),
  codeVerifier: text("code_verifier").notNull(),
  redirectTo: text("redirect_to").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * Addresses that have received the sign-up credits, as a hash of their mailbox
 * (server/users/signup-grants.server.ts). Kept when the account is deleted, so that
 * signing up again with the same address does not grant them twice.
 */
export const signupGrants = pgTable("signup_grants", {
  addressHash: text("address_hash").primaryKey(),
  grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
});
