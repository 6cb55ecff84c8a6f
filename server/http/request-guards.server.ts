import type { Request, RequestHandler, Response } from "express";
import { AppError } from "#domain/errors";

/** The methods the app answers; others (TRACE, TRACK, PROPFIND…) cannot reach a route. */
const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
export const ALLOW_HEADER = ALLOWED_METHODS.join(", ");

export const NUL_IN_ADDRESS_MESSAGE = "The address contains a NUL character (%00), which is not allowed.";

/**
 * What is wrong with a request's method or address before any route reads it, if
 * anything. A NUL decoded from `%00` (in a path segment or a query) would reach
 * PostgreSQL, which cannot store it in text; the raw URL is checked, since `%00` is the
 * only way a decoded address gets a NUL (Node refuses a raw one).
 */
export function addressProblem(req: Request): AppError | null {
  if (!ALLOWED_METHODS.includes(req.method)) {
    return new AppError("method_not_allowed", `${req.method} is not supported.`, {}, { Allow: ALLOW_HEADER });
  }
  if (/%00/i.test(req.originalUrl)) return new AppError("bad_request", NUL_IN_ADDRESS_MESSAGE);
  return null;
}

/** For /api: the problem goes to the API's error handler, which answers in its error shape. */
export const apiRequestGuard: RequestHandler = (req, _res, next) => {
  next(addressProblem(req) ?? undefined);
};

const STATUS = { method_not_allowed: 405, bad_request: 400 } as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function sendPageProblem(res: Response, problem: AppError) {
  const status = STATUS[problem.code as keyof typeof STATUS] ?? 400;
  const message = escapeHtml(problem.message);
  const title = status === 405 ? "Method Not Allowed" : "Bad Request";
  res
    .status(status)
    .set(problem.headers)
    .set("Cache-Control", "no-store")
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta name="color-scheme" content="light dark"><title>${title} · Motif</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:6rem auto;padding:0 1.5rem;line-height:1.5">` +
        `<p>${status}</p><h1>${title}</h1><p>${message}</p><p><a href="/">Go to the home page</a></p></body></html>`,
    );
}

/**
 * For pages: React Router would turn these into 500s (a Fetch Request cannot carry
 * TRACE, and a loader would pass the NUL to the database), so they are answered here
 * with a small page of their own.
 */
export const pageRequestGuard: RequestHandler = (req, res, next) => {
  const problem = addressProblem(req);
  if (problem) return sendPageProblem(res, problem);
  next();
};
