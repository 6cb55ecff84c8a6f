import { z } from "zod";
import { setupCheckLimit } from "#domain/setup";
import { knownRoutePaths } from "#domain/route-path";
import { hitRateLimit } from "../../../auth/rate-limit.server";
import type { Services } from "../../../services";
import { AppError } from "../../errors.server";

// Only the app's own route paths: the table stays small whoever posts to it.
export const pageViewSchema = z.object({ path: z.enum(knownRoutePaths) });

export const grantCreditsReply = z
  .object({ message: z.string().meta({ example: "Granted 100 credits to ann@example.com: balance 350." }) })
  .meta({ id: "GrantCreditsReply" });

/** Each check reaches an outside service: a few a minute per operator, shared by all checks. */
export async function limitChecks(services: Services, userId: string): Promise<void> {
  const result = await hitRateLimit({
    db: services.database.db,
    key: `setup-check:${userId}`,
    limit: setupCheckLimit.perWindow,
    windowMs: setupCheckLimit.windowMs,
  });
  if (!result.allowed) {
    throw new AppError(
      "rate_limited",
      `Too many checks. Try again in ${result.retryAfterSeconds} seconds.`,
      {},
      { "Retry-After": String(result.retryAfterSeconds) },
    );
  }
}
