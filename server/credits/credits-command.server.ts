import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { grantLimits } from "#domain/requests/setup";
import type { Database } from "../db/client.server";
import { authUsers, workspaceBalances } from "../db/schema";
import { grantCreditsWithin } from "./ledger.server";
import { publishBalance } from "./credits.server";

export const CREDITS_USAGE = "Usage: npm run credits -- grant <email> <credits>";

const grantArgs = z.tuple([
  z.literal("grant"),
  z.email({ error: (issue) => `"${String(issue.input)}" is not an e-mail address.` }),
  z
    .string()
    .regex(/^\d+$/, { error: (issue) => `"${String(issue.input)}" is not a whole number of credits.` })
    .transform(Number)
    .pipe(z.number().min(1, grantLimits.tooFew).max(grantLimits.max, grantLimits.tooMany)),
]);

export type CreditsCommand = { email: string; amount: number };

/** Reads the command's arguments; a sentence saying what is wrong, or the grant to make. */
export function parseCreditsCommand(args: string[]): CreditsCommand | { error: string } {
  if (args[0] !== "grant" || args.length !== 3) return { error: CREDITS_USAGE };
  const parsed = grantArgs.safeParse(args);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? CREDITS_USAGE };
  return { email: parsed.data[1].toLowerCase(), amount: parsed.data[2] };
}

/**
 * `npm run credits -- grant <email> <n>`: the operator gives credits without Stripe,
 * through the ledger (reason admin_adjust), settling any debt first, and the user's
 * open pages see the new balance. Answers what to print and whether it worked.
 */
export async function runCreditsCommand(db: Database, args: string[]): Promise<{ ok: boolean; message: string }> {
  const command = parseCreditsCommand(args);
  if ("error" in command) return { ok: false, message: command.error };
  return grantCreditsByEmail(db, command);
}

/** The operator's grant (the command's, the setup page's): what to say and whether it worked. */
export async function grantCreditsByEmail(
  db: Database,
  { email, amount }: CreditsCommand,
): Promise<{ ok: boolean; message: string }> {
  const [user] = await db
    .select({ id: workspaceBalances.id })
    .from(authUsers)
    .innerJoin(workspaceBalances, eq(workspaceBalances.id, authUsers.id))
    .where(eq(authUsers.email, email));
  if (!user) return { ok: false, message: `No account has the address ${email}. Nothing was granted.` };
  const after = await db.transaction((tx) =>
    grantCreditsWithin(tx, { workspaceId: user.id, amount, reason: "admin_adjust", ref: `admin:${randomUUID()}` }),
  );
  if (!after) return { ok: false, message: `No account has the address ${email}. Nothing was granted.` };
  await publishBalance(db, user.id);
  const owed = after.debt > 0 ? `; ${after.debt} still owed` : "";
  return { ok: true, message: `Granted ${amount} credits to ${email}: balance ${after.credits}${owed}.` };
}
