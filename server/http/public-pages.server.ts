import { createHash } from "node:crypto";
import type { RequestHandler } from "express";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { readCookie } from "../auth/session-cookie.server";
import { PAGE_ENCODINGS, preferredEncoding } from "./content-encoding.server";

interface RenderedPage {
  status: number;
  etag: string;
  bodies: { identity: Buffer; br: Buffer; gzip: Buffer };
}

export interface PublicPageOptions {
  /** Pages the same for every visitor without a session; a query string is ignored where it only matters in the browser. */
  paths: Record<string, { ignoreQuery: boolean }>;
  /** Cookies that make a page personal (a session, a flash message): such requests are rendered as usual. */
  personalCookies: string[];
  /** A cookie the page's markup follows (the colour mode): each of its values is a page of its own. */
  variantCookie: string;
  /**
   * How long a rendered page is kept before it is rendered again: the sign-up grant and policy it
   * shows can change in the operator console, in any process, without a restart.
   */
  maxAgeMs: number;
  /** Renders a page as a visitor with only `variantCookie` (if any) would get it. */
  render(path: string, cookie: string | undefined): Promise<Response>;
}

/**
 * The pages that are the same for everyone, rendered once per process on first request and
 * kept with their brotli and gzip bodies, then sent with an ETag and `no-cache` so browsers
 * revalidate. Rendering at run time rather than at build keeps them true to the operator's
 * settings (sign-up credits and policy, sign-in providers); renewing them every `maxAgeMs` keeps
 * them true to what the console changes.
 */
export function publicPageCache(options: PublicPageOptions): RequestHandler & { clear(): void } {
  const pages = new Map<string, { page: Promise<RenderedPage | null>; renderedAt: number }>();

  async function renderOnce(path: string, variant: string | undefined): Promise<RenderedPage | null> {
    const response = await options.render(
      path,
      variant === undefined ? undefined : `${options.variantCookie}=${variant}`,
    );
    // Only a plain page is kept: a redirect or a page that sets cookies is rendered each time.
    if ((response.status !== 200 && response.status !== 404) || response.headers.has("set-cookie")) return null;
    const identity = Buffer.from(await response.arrayBuffer());
    return {
      status: response.status,
      etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
      bodies: {
        identity,
        br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(identity, { level: 9 }),
      },
    };
  }

  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const page = options.paths[req.path];
    if (!page) return next();
    if (!page.ignoreQuery && Object.keys(req.query).length > 0) return next();
    const cookies = req.get("Cookie");
    if (options.personalCookies.some((name) => readCookie(cookies, name) !== undefined)) return next();
    const variant = readCookie(cookies, options.variantCookie);
    const key = `${req.path}\n${variant ?? ""}`;
    const kept = pages.get(key);
    let rendered = kept?.page;
    if (!kept || Date.now() - kept.renderedAt > options.maxAgeMs) {
      // A failed render is tried again by the next request; the usual path serves this one.
      rendered = renderOnce(req.path, variant).catch(() => {
        pages.delete(key);
        return null;
      });
      pages.set(key, { page: rendered, renderedAt: Date.now() });
    }
    rendered!.then((entry) => {
      if (!entry) return next();
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.setHeader("Cache-Control", "no-cache");
      res.setHeader("Vary", "Accept-Encoding, Cookie");
      const encoding = preferredEncoding(req.get("Accept-Encoding"), PAGE_ENCODINGS) ?? "identity";
      // Each encoding is a representation of its own, with its own validator.
      const etag = encoding === "identity" ? entry.etag : `${entry.etag.slice(0, -1)}-${encoding}"`;
      res.setHeader("ETag", etag);
      if (req.get("If-None-Match") === etag) return void res.status(304).end();
      if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
      res.status(entry.status);
      res.setHeader("Content-Length", entry.bodies[encoding].length);
      res.end(req.method === "HEAD" ? undefined : entry.bodies[encoding]);
    }, next);
  };
  /** Forgets every kept page: the next request renders afresh (the console changed what they show). */
  return Object.assign(handler, { clear: () => pages.clear() });
}
