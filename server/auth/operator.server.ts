import { asc } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { authUsers } from "../db/schema";
import type { SessionUser } from "./sessions.server";
import { AppError } from "#domain/errors";

/**
 * Whether `user` runs this instance. With ADMIN_EMAILS set, exactly those addresses
 * do; without it, the oldest account does (the person who installed Motif signs in
 * first), so a fresh install needs no configuration to reach its setup page.
 */
export async function isOperator(
  deps: { db: Database; adminEmails: readonly string[] },
  user: Pick<SessionUser, "id" | "email" | "firstUser">,
): Promise<boolean> {
  if (deps.adminEmails.length > 0) return deps.adminEmails.includes(user.email.toLowerCase());
  if (user.firstUser !== undefined) return user.firstUser;
  const [first] = await deps.db
    .select({ id: authUsers.id })
    .from(authUsers)
    .orderBy(asc(authUsers.createdAt), asc(authUsers.id))
    .limit(1);
  return first?.id === user.id;
}

/** Operator-only pages and calls read as missing to everyone else: nobody learns they exist. */
export async function requireOperator(
  deps: { db: Database; adminEmails: readonly string[] },
  user: Pick<SessionUser, "id" | "email">,
): Promise<void> {
  if (!(await isOperator(deps, user))) throw new AppError("not_found", "Not found");
}

/** Where mail for the operators goes: ADMIN_EMAILS, or the oldest account's address (as isOperator decides). */
export async function operatorAddresses(deps: { db: Database; adminEmails: readonly string[] }): Promise<string[]> {
  if (deps.adminEmails.length > 0) return [...deps.adminEmails];
  const [first] = await deps.db
    .select({ email: authUsers.email })
    .from(authUsers)
    .orderBy(asc(authUsers.createdAt), asc(authUsers.id))
    .limit(1);
  return first ? [first.email] : [];
}
