import type { Request, Response } from "express";
import { findFile, signedRecords } from "../../images/image-records.server";
import {
  derivativeKey,
  effectiveWidth,
  optimizeImage,
  optimizeOnce,
  optimizeQuerySchema,
  type ImageSource,
} from "../../images/optimize.server";
import { imageSvgQuerySchema } from "#domain/exports";
import { imageSvgDownload } from "../../objects/svg-export.server";
import type { Services } from "../../services";
import { AppError } from "../errors.server";
import { copyEtag, notModified as isNotModified, sendStream, setCacheHeaders } from "../file-responses.server";
import { requireApiUser, type ApiUser } from "../require-user.server";
import { defineOperation } from "./operation.server";
import { binary, cacheControl, etag, ifNoneMatch, notModified } from "./reply-docs.server";

/** A stored file to its owner, with its ETag; a 304 when the client's copy is current. */
async function serveOriginal(
  kind: ImageSource["kind"],
  {
    req,
    res,
    services,
    user,
    params,
  }: { req: Request; res: Response; services: Services; user: ApiUser; params: { id: string } },
) {
  const file = await findFile(services, user.workspace.id, { kind, id: params.id });
  if (!file) throw new AppError("not_found", "No such image.");
  const tag = `"${file.id}"`;
  if (isNotModified(req, res, tag)) return;
  const stored = await services.storage.get(file.key);
  if (!stored) throw new AppError("not_found", "No such image.");
  await sendStream(res, stored, file.type, tag);
}

/** The signature of a signed image link, when the request carries a valid one: it needs no session. */
function signedUntil(req: Request, services: Services): number | null {
  const source = optimizeQuerySchema.shape.url.safeParse(req.query.url);
  const signature = req.query.s;
  return source.success && typeof signature === "string" ? services.imageUrls.verify(source.data, signature) : null;
}

/**
 * Stored images, served only to their owner (session-checked, per record), and the
 * image-optimisation endpoint, which resolves its url through the same check.
 */

export const fileOperations = [
  defineOperation({
    method: "get",
    path: "/api/images/:id",
    tag: "Files",
    summary: "Download an image",
    description: "The stored file (PNG or WebP), to its owner only. Files never change: it may be cached for a year.",
    access: "user",
    headers: ifNoneMatch,
    responses: {
      200: {
        description: "The image.",
        media: { "image/png": { schema: binary }, "image/webp": { schema: binary } },
        headers: { ETag: etag, "Cache-Control": cacheControl("private, max-age=31536000, immutable") },
      },
      304: notModified,
    },
    async handle(context) {
      await serveOriginal("image", context);
    },
  }),
  defineOperation({
    method: "get",
    path: "/api/images/:id/svg",
    tag: "Files",
    summary: "Download an image as SVG",
    description:
      "The image traced to SVG, as a download: no background or shadow, its colours snapped to the style's palette, or every fill and stroke `currentColor` with `singleColour=true`. Offered for flat styles only (icons, line art, pixel art).",
    access: "user",
    query: imageSvgQuerySchema,
    errors: [409],
    responses: {
      200: {
        description: "The SVG.",
        media: { "image/svg+xml": { schema: { type: "string" } } },
        headers: { "Content-Disposition": { description: "attachment", schema: { type: "string" } } },
      },
    },
    // Always a download. The CSP means that even if a hostile SVG got past the sanitiser and
    // were opened directly, it could run nothing and fetch nothing.
    async handle({ res, services, user, params, query }) {
      const { svg, fileName } = await imageSvgDownload(
        { db: services.database.db, storage: services.storage },
        { userId: user.workspace.id, imageId: params.id, singleColour: query.singleColour },
      );
      res.setHeader("Content-Type", "image/svg+xml; charset=utf-8");
      res.setHeader("Content-Disposition", `attachment; filename="${fileName}"`);
      res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.setHeader("Cache-Control", "private, no-cache");
      res.send(svg);
    },
  }),
  defineOperation({
    method: "get",
    path: "/api/files/reference/:id",
    tag: "Files",
    summary: "Download a reference image",
    access: "user",
    headers: ifNoneMatch,
    responses: {
      200: { description: "The image.", media: { "image/png": { schema: binary } }, headers: { ETag: etag } },
      304: notModified,
    },
    async handle(context) {
      await serveOriginal("reference", context);
    },
  }),
  defineOperation({
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
  }),
];
