import type { RequestHandler } from "express";

/** Conservative defaults for every response; the CSP allows only our own origin. */
export function securityHeaders(options: { isProduction: boolean }): RequestHandler {
  const csp = [
    "default-src 'self'",
    // React Router inlines its hydration data and our colour-mode script.
    "script-src 'self' 'unsafe-inline'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
  return (_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (options.isProduction) res.setHeader("Content-Security-Policy", csp);
    next();
  };
}
