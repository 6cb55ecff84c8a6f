import type { ErrorRequestHandler } from "express";
import { ZodError } from "zod";
import { getLogger } from "../logger.server";

import { AppError, fieldOf, type AppErrorCode } from "#domain/errors";

export { AppError };

/** The one place an error code becomes an HTTP status (React Router's loaders use it too). */
export const statusByCode = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payment_required: 402,
  idempotency_mismatch: 422,
  rate_limited: 429,
  internal: 500,
} as const satisfies Record<AppErrorCode, number>;

export const apiErrorHandler: ErrorRequestHandler = (error, _req, res, next) => {
  // A response already under way (a stream that failed half-way) can only be cut off.
  if (res.headersSent) return next(error);
  // An error is about this moment: no browser or proxy may keep it.
  res.setHeader("Cache-Control", "no-store");
  if (error instanceof ZodError) {
    res.status(400).json({
      error: {
        code: "bad_request",
        message: "The request is not valid.",
        fields: error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
      },
    });
    return;
  }
  if (error instanceof AppError) {
    const details = Object.keys(error.details).length ? { details: error.details } : {};
    // Every field at fault is in `fields`, named as a schema's issues name it (`details.field` stays for older clients).
    const field = fieldOf(error);
    const fields = field ? { fields: [{ path: field, message: error.message }] } : {};
    res
      .set(error.headers)
      .status(statusByCode[error.code])
      .json({ error: { code: error.code, message: error.message, ...details, ...fields } });
    return;
  }
  // Body-parser errors (malformed JSON, too large) carry a status.
  const { status, type, limit } = error as { status?: number; type?: string; limit?: number };
  if (status === 413 && type === "entity.too.large" && typeof limit === "number") {
    const message = `The request body is over the ${sizeText(limit)} this call takes.`;
    res.status(413).json({ error: { code: "bad_request", message, fields: [{ path: "body", message }] } });
    return;
  }
  if (status && status >= 400 && status < 500) {
    res.status(status).json({ error: { code: "bad_request", message: "The request is not valid." } });
    return;
  }
  getLogger().error({ err: error }, "unhandled API error");
  res.status(500).json({ error: { code: "internal", message: "Something went wrong. Please try again." } });
};

/** 32768 → "32 KB", 6291456 → "6 MB". */
function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}
