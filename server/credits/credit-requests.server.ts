import { eq } from "drizzle-orm";
import { AppError } from "#domain/errors";
import { creditRequestLimit, creditRequestTooSoon } from "#domain/credit-requests";
import { hitRateLimit } from "../auth/rate-limit.server";
import type { Config } from "../config.server";
import type { Database } from "../db/client.server";
import { rateLimits, workspaceBalances } from "../db/schema";
import { getLogger } from "../logger.server";
import { creditRequestEmail } from "../mail/credit-request-email.server";
import type { Mailer } from "../mail/mailer.server";
import { operatorAddresses } from "../auth/operator.server";

/**
 * Someone without a way to buy credits asks the operators for some (for their team, when they
 * work in one): each operator gets an e-mail with who asked, the balance and their note. Once an
 * hour per person.
 */
export async function requestCredits(
  deps: { db: Database; mailer: Mailer; config: Pick<Config, "adminEmails" | "publicUrl"> },
  input: { userId: string; email: string; note?: string; workspace?: { id: string; name: string | null } },
): Promise<{ operators: number }> {
  const { db, mailer, config } = deps;
  const key = `credit-request:${input.userId}`;
  const limit = await hitRateLimit({
    db,
    key,
    limit: creditRequestLimit.perWindow,
    windowMs: creditRequestLimit.windowMs,
  });
  if (!limit.allowed) {
    throw new AppError(
      "rate_limited",
      creditRequestTooSoon(limit.retryAfterSeconds),
      { retryAfterSeconds: limit.retryAfterSeconds },
      { "Retry-After": String(limit.retryAfterSeconds) },
    );
  }
  // Asked from a team's workspace, it is the team's balance that needs credits.
  const holder = input.workspace?.id ?? input.userId;
  const [user] = await db
    .select({ credits: workspaceBalances.credits })
    .from(workspaceBalances)
    .where(eq(workspaceBalances.id, holder));
  const operators = await operatorAddresses({ db, adminEmails: config.adminEmails });
  try {
    for (const to of operators) {
      await mailer.send(
        creditRequestEmail({
          to,
          requester: input.email,
          balance: user?.credits ?? 0,
          note: input.note || undefined,
          publicUrl: config.publicUrl,
          team: input.workspace?.name ?? undefined,
        }),
      );
    }
  } catch (error) {
    // Nothing reached them: the person may try again at once instead of in an hour.
    await db.delete(rateLimits).where(eq(rateLimits.key, key));
    getLogger().warn({ err: error }, "credit request e-mail failed");
    throw new AppError("internal", "Your request could not be sent to the operators. Please try again later.");
  }
  getLogger().info({ userId: input.userId, operators: operators.length }, "credits requested");
  return { operators: operators.length };
}
