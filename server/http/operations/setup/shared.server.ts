import { setupCheckLimit } from "#domain/setup";
import { hitRateLimit } from "../../../auth/rate-limit.server";
import type { Services } from "../../../services";
import { AppError } from "../../errors.server";

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
