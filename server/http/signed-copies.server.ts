import type { RequestHandler } from "express";
import { IMAGE_ENDPOINT } from "#domain/image-url";
import { copyCache } from "../storage/copy-cache.server";
import { signedRecords } from "../images/image-records.server";
import { derivativeKey, effectiveWidth, optimizeQuerySchema } from "../images/optimize.server";
import type { Services } from "../services";
import { copyEtag, notModified, setCacheHeaders } from "./file-responses.server";

/**
 * The signed-link fast path (docs/decisions/045): mounted in front of the app, it answers a
 * GET of an image copy whose signature is valid and whose copy is already made, with no
 * session, no query on repeats and none of the API's middleware. Anything else (no or a bad
 * signature, a copy still to make, a deleted image) goes on to the image endpoint, which
 * decides and answers in the API's own shape.
 */
export function signedImageCopies(getServices: () => Promise<Services>): RequestHandler {
  return async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.path !== IMAGE_ENDPOINT) return next();
    if (typeof req.query.s !== "string") return next();
    try {
      const query = optimizeQuerySchema.safeParse(req.query);
      if (!query.success) return next();
      const services = await getServices();
      const signedUntil = services.imageUrls.verify(query.data.url, query.data.s!);
      if (!signedUntil) return next();
      const file = await signedRecords.find(services, query.data.url);
      if (!file) return next();
      const size = { width: effectiveWidth(query.data.w, file.width), quality: query.data.q };
      const etag = copyEtag(file, size);
      if (notModified(req, res, etag, signedUntil)) return;
      // A copy is small (a WebP at most 1536 px wide): kept in memory, or read whole.
      const key = derivativeKey(file.key, size);
      let kept = copyCache.get(key);
      if (!kept) {
        const read = await services.storage.read(key);
        if (!read) return next();
        copyCache.set(key, read);
        kept = read;
      }
      setCacheHeaders(res, etag, signedUntil);
      res.setHeader("Content-Type", "image/webp");
      res.setHeader("Content-Length", String(kept.length));
      res.end(req.method === "HEAD" ? undefined : kept);
    } catch (error) {
      next(error);
    }
  };
}
