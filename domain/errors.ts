/**
 * The one error type the domain throws. Its code says what went wrong; the HTTP
 * layers (Express for /api, React Router for pages) map codes to statuses once.
 */
export const appErrorCodes = [
  "bad_request",
  "unauthorized",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "conflict",
  "payment_required",
  "idempotency_mismatch",
  "rate_limited",
  "internal",
] as const;
export type AppErrorCode = (typeof appErrorCodes)[number];

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** Extra facts a client can act on (a price and a balance for payment_required). */
    readonly details: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
