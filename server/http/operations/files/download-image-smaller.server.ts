import { findFile, signedRecords } from "../../../images/image-records.server";
import {
  derivativeKey,
  effectiveWidth,
  optimizeImage,
  optimizeOnce,
  optimizeQuerySchema,
} from "../../../images/optimize.server";
import { AppError } from "../../errors.server";
import { copyEtag, notModified as isNotModified, sendStream, setCacheHeaders } from "../../file-responses.server";
import { requireApiUser, type ApiUser } from "../../require-user.server";
import { defineOperation } from "../operation.server";
import { binary, etag, ifNoneMatch, notModified } from "../reply-docs.server";
import type { Request } from "express";
import type { Services } from "../../../services";

/** The signature of a signed image link, when the request carries a valid one: it needs no session. */
function signedUntil(req: Request, services: Services): number | null {
  const source = optimizeQuerySchema.shape.url.safeParse(req.query.url);
  const signature = req.query.s;
  return source.success && typeof signature === "string" ? services.imageUrls.verify(source.data, signature) : null;
}

export const downloadImageSmallerOperation = defineOperation({
  method: "get",
  path: "/api/image",
  tag: "Files",
  summary: "An image at a smaller size",
  description: "One of your images (its `url`, as the API gives it) as WebP at width `w`, made once and kept.",
  access: "user",
  query: optimizeQuerySchema,
  headers: ifNoneMatch,
  responses: {
    200: { description: "The image.", media: { "image/webp": { schema: binary } }, headers: { ETag: etag } },
    304: notModified,
  },
  // GET /api/image?url=/api/images/{id}&w=640&q=80 → WebP at that width (spec §7). With the
  // presenters' signature as s, it needs no session and, on repeats, no query (decisions/045).
  // Authentication before validation: a signed link or a signed-in user first, then the sizes asked.
  async authenticate(req, res, services) {
    // Verified once: the handler reads it from here.
    res.locals.signedUntil = signedUntil(req, services);
    return res.locals.signedUntil ? null : requireApiUser(req, services);
  },
  async handle({ req, res, services, user, query }) {
    const until = res.locals.signedUntil as number | null;
    // Null for a signed link (see authenticate).
    const ownerId = (user as ApiUser | null)?.workspace.id ?? null;
    const findSource = () =>
      ownerId === null ? signedRecords.find(services, query.url) : findFile(services, ownerId, query.url);
    const file = await findSource();
    if (!file) throw new AppError("not_found", "No such image.");
    const size = { width: effectiveWidth(query.w, file.width), quality: query.q };
    const tag = copyEtag(file, size);
    if (isNotModified(req, res, tag, until)) return;
    // Each size is made once and kept; later requests stream the kept copy.
    const key = derivativeKey(file.key, size);
    const kept = await services.storage.get(key);
    if (kept) return sendStream(res, kept, "image/webp", tag, until);
    // Not made yet, or the image is gone since this process kept its record: ask again.
    if (ownerId === null) {
      signedRecords.forget(query.url);
      if (!(await findSource())) throw new AppError("not_found", "No such image.");
    }
    const optimized = await optimizeOnce(key, async () => {
      const original = await services.storage.read(file.key);
      if (!original) throw new AppError("not_found", "No such image.");
      const made = await optimizeImage(original, size);
      await services.storage.put(key, made, "image/webp");
      return made;
    });
    // The record may have gone while we worked, and its folder's deletion missed this copy.
    signedRecords.forget(query.url);
    if (!(await findSource())) {
      await services.storage.delete(key);
      throw new AppError("not_found", "No such image.");
    }
    setCacheHeaders(res, tag, until);
    res.setHeader("Content-Type", "image/webp");
    res.send(optimized);
  },
});
