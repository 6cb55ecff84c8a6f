import { z } from "zod";

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

/** A request refused for one field's value, found past validation (a webhook host that is private): its form shows it under that field. */
export class FieldError extends AppError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super("bad_request", message);
    this.name = "FieldError";
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

/**
 * The field an error is about, if any, in the one form every answer names fields: a
 * FieldError's, or `details.field` (a model on offer, an image that is gone).
 */
export function fieldOf(error: AppError): string | undefined {
  if (error instanceof FieldError) return error.field;
  return typeof error.details.field === "string" ? error.details.field : undefined;
}

/** The one error body every /api route answers with. */
export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(appErrorCodes),
      message: z.string().meta({ description: "What went wrong, as a sentence a person can act on." }),
      details: z.record(z.string(), z.unknown()).optional().meta({
        description: "Facts a client can act on: a price and a balance for payment_required, the field at fault…",
      }),
      fields: z
        .array(z.object({ path: z.string(), message: z.string() }))
        .optional()
        .meta({ description: "For a request that is not valid: each field at fault, and why." }),
    }),
  })
  .meta({ id: "Error", description: "The error body of every route." });
export type ApiErrorBody = z.output<typeof apiErrorSchema>;
