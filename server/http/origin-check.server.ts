import type { RequestHandler } from "express";
import type { Config } from "../config.server";
import { AppError } from "./errors.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/** What decides which origins may make changes: PUBLIC_URL, and whether it was set. */
export type OriginPolicy = Pick<Config, "publicUrl" | "publicUrlSet">;

/**
 * The origins a browser may call the API from. With PUBLIC_URL set, only it. Without,
 * Motif runs on someone's own machine and config's default is http://localhost:PORT:
 * every loopback name for that port reaches the same server, so each works.
 */
export function allowedOrigins(policy: OriginPolicy): string[] {
  if (policy.publicUrlSet) return [policy.publicUrl];
  return LOOPBACK_HOSTS.map((host) => {
    const url = new URL(policy.publicUrl);
    url.hostname = host;
    return url.origin;
  });
}

function isAllowedOrigin(policy: OriginPolicy, origin: string | undefined): origin is string {
  return origin !== undefined && allowedOrigins(policy).includes(origin);
}

/**
 * Where a sign-in link points. PUBLIC_URL when set; without it, the loopback origin the
 * person asked from, so the link opens where their remembered e-mail and cookie live.
 * Never the Host header: only an origin from the fixed list above can be chosen.
 */
export function signInLinkOrigin(policy: OriginPolicy, requestOrigin: string | undefined): string {
  if (!policy.publicUrlSet && isAllowedOrigin(policy, requestOrigin)) return requestOrigin;
  return policy.publicUrl;
}

/** Said to a browser on another origin: where Motif is, instead of a generic refusal. */
export function wrongOriginMessage(policy: OriginPolicy): string {
  const where = `Motif is served at ${policy.publicUrl}; open it there to sign in`;
  return policy.publicUrlSet ? `${where}.` : `${where}, or set PUBLIC_URL to the address you use.`;
}

/**
 * Refuses state-changing requests that a browser sent from another origin.
 * Browsers always send Origin (or Sec-Fetch-Site) on such requests; tools like
 * curl send neither and carry no ambient cookies, so they are not a CSRF risk. A request
 * with an API key (`Authorization: Bearer`) skips the check: a page on another site cannot
 * set that header without a CORS preflight, which Motif never grants, and a key request
 * never reads cookies.
 */
export function requireSameOrigin(policy: OriginPolicy): RequestHandler {
  const allowed = new Set(allowedOrigins(policy));
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || /^Bearer\s/i.test(req.get("Authorization") ?? "")) return next();
    const origin = req.get("Origin");
    const fetchSite = req.get("Sec-Fetch-Site");
    const sameOrigin = origin ? allowed.has(origin) : !fetchSite || fetchSite === "same-origin" || fetchSite === "none";
    if (!sameOrigin)
      return next(new AppError("forbidden", wrongOriginMessage(policy), { publicUrl: policy.publicUrl }));
    next();
  };
}
