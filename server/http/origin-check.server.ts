import type { RequestHandler } from "express";
import { AppError } from "./errors.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser sent from another origin.
 * Browsers always send Origin (or Sec-Fetch-Site) on such requests; tools like
 * curl send neither and carry no ambient cookies, so they are not a CSRF risk.
 */
export function requireSameOrigin(allowedOrigin: string): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("Origin");
    const fetchSite = req.get("Sec-Fetch-Site");
    const sameOrigin = origin
      ? origin === allowedOrigin
      : !fetchSite || fetchSite === "same-origin" || fetchSite === "none";
    if (!sameOrigin) return next(new AppError("forbidden", "Cross-origin requests are not allowed."));
    next();
  };
}
