import { Router, type Request, type Response } from "express";
import {
  derivativeKey,
  effectiveWidth,
  optimizeImage,
  optimizeOnce,
  optimizeQuerySchema,
  type ImageSource,
} from "../images/optimize.server";
import { findFile, signedRecords } from "../images/image-records.server";
import { imageSvgDownload } from "../objects/svg-export.server";
import type { Services } from "../services.server";
import { AppError } from "./errors.server";
import { copyEtag, notModified, sendStream, setCacheHeaders } from "./file-responses.server";
import { requireApiUser } from "./require-user.server";

/**
 * Stored images, served only to their owner (session-checked, per record), and
 * the image-optimisation endpoint, which resolves its url through the same check.
 */
export function filesApi(getServices: () => Promise<Services>): Router {
  const router = Router();

  const serveOriginal = (kind: ImageSource["kind"]) => async (req: Request<{ id: string }>, res: Response) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const file = await findFile(services, user.id, { kind, id: req.params.id });
    if (!file) throw new AppError("not_found", "No such image.");
    const etag = `"${file.id}"`;
    if (notModified(req, res, etag)) return;
    const stored = await services.storage.get(file.key);
    if (!stored) throw new AppError("not_found", "No such image.");
    await sendStream(res, stored, file.type, etag);
  };
  router.get("/images/:id", serveOriginal("image"));
  router.get("/files/reference/:id", serveOriginal("reference"));

  // An image traced to SVG (flat styles only), always as a download. The CSP means that
  // even if a hostile SVG got past the sanitiser and were opened directly, it could run
  // nothing and fetch nothing.
  router.get("/images/:id/svg", async (req: Request<{ id: string }>, res: Response) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const { svg, fileName } = await imageSvgDownload(
      { db: services.database.db, storage: services.storage },
      { userId: user.id, imageId: req.params.id },
    );
    res.setHeader("Content-Type", "image/svg+xml; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="${fileName}"`);
    res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Cache-Control", "private, no-cache");
    res.send(svg);
  });

  // GET /api/image?url=/api/images/{id}&w=640&q=80 → WebP at that width (spec §7). With the
  // presenters' signature as s, it needs no session and, on repeats, no query (decisions/045).
  router.get("/image", async (req, res) => {
    const services = await getServices();
    // Authentication before validation: a signed link or a signed-in user first, then the sizes asked.
    const source = optimizeQuerySchema.shape.url.safeParse(req.query.url);
    const signature = req.query.s;
    const signedUntil =
      source.success && typeof signature === "string" ? services.imageUrls.verify(source.data, signature) : null;
    const ownerId = signedUntil ? null : (await requireApiUser(req, services)).id;
    const query = optimizeQuerySchema.parse(req.query);
    const findSource = () =>
      ownerId === null ? signedRecords.find(services, query.url) : findFile(services, ownerId, query.url);
    const file = await findSource();
    if (!file) throw new AppError("not_found", "No such image.");
    const size = { width: effectiveWidth(query.w, file.width), quality: query.q };
    const etag = copyEtag(file, size);
    if (notModified(req, res, etag, signedUntil)) return;
    // Each size is made once and kept; later requests stream the kept copy.
    const key = derivativeKey(file.key, size);
    const kept = await services.storage.get(key);
    if (kept) return sendStream(res, kept, "image/webp", etag, signedUntil);
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
    setCacheHeaders(res, etag, signedUntil);
    res.setHeader("Content-Type", "image/webp");
    res.send(optimized);
  });

  return router;
}
