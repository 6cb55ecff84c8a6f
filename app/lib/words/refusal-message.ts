import { ApiError } from "~/lib/api/api";

/**
 * What a failed request's toast or field says: the server's own words when it refused
 * the request (4xx, written for the user), otherwise `fallback` (never a 5xx body).
 */
export function refusalMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 ? error.message : fallback;
}
