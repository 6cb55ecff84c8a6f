import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../db/client.server";

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets. */
  retryAfterSeconds: number;
  /** Hits left in this window. */
  remaining: number;
}

/**
 * Counts one hit (or `hits`, for a request that is several: an MCP batch) against `key` in a
 * fixed window, in the database so that every process shares the count. One statement, so
 * concurrent hits cannot undercount.
 */
export async function hitRateLimit(options: {
  db: Database;
  key: string;
  limit: number;
  windowMs: number;
  hits?: number;
}): Promise<RateLimitResult> {
  const { db, key, limit, windowMs, hits = 1 } = options;
  const interval = `${Math.ceil(windowMs / 1000)} seconds`;
  const [row] = await queryRows<{ count: number; window_start: Date | string }>(
    db,
    sql`insert into rate_limits (key, window_start, count) values (${key}, now(), ${hits})
        on conflict (key) do update set
          count = case when rate_limits.window_start <= now() - ${interval}::interval then ${hits} else rate_limits.count + ${hits} end,
          window_start = case when rate_limits.window_start <= now() - ${interval}::interval then now() else rate_limits.window_start end
        returning count, window_start`,
  );
  const windowStart = new Date(row!.window_start).getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowMs - Date.now()) / 1000));
  return { allowed: row!.count <= limit, retryAfterSeconds, remaining: Math.max(0, limit - row!.count) };
}
