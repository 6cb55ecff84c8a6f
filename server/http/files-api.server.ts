import { and, eq } from "drizzle-orm";
import { Router, type Request, type Response } from "express";
import { pipeline } from "node:stream/promises";
import { images, styleReferences } from "../db/schema";
import {
  derivativeKey,
  effectiveWidth,
  optimizeImage,
  optimizeOnce,
  optimizeQuerySchema,
  type ImageSource,
} from "../images/optimize.server";
import { imageSvgDownload } from "../objects/svg-export.server";
import type { Services } from "../services.server";
import type { StoredObject } from "../storage/storage.server";
import { AppError } from "./errors.server";
import { requireApiUser } from "./require-user.server";

/**
 * Stored files never change: the browser may keep them for a year, only for this user. A
 * signed copy may be kept by any cache, until its signature expires.
 */
function setCacheHeaders(res: Response, etag: string, signedUntil: number | null = null) {
  res.setHeader(
    "Cache-Control",
    signedUntil
      ? `public, max-age=${Math.max(0, Math.floor((signedUntil - Date.now()) / 1000))}, immutable`
      : "private, max-age=31536000, immutable",
  );
  res.setHeader("ETag", etag);
  res.setHeader("X-Content-Type-Options", "nosniff");
}

/** Answers 304 when the browser already has this version. */
function notModified(req: Request, res: Response, etag: string, signedUntil: number | null = null): boolean {
  if (req.get("If-None-Match") !== etag) return false;
  setCacheHeaders(res, etag, signedUntil);
  res.status(304).end();
  return true;
}

/** Streams a stored file; caching headers go out only with a file, never with an error. */
async function sendStream(
  res: Response,
  stored: StoredObject,
  type: string,
  etag: string,
  signedUntil: number | null = null,
) {
  setCacheHeaders(res, etag, signedUntil);
  res.setHeader("Content-Type", type);
  res.setHeader("Content-Length", String(stored.size));
  // pipeline destroys the source when the client goes away, and turns a failing
  // source (a file deleted mid-read, a dropped S3 body) into a rejected promise.
  try {
    await pipeline(stored.stream, res);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE") res.destroy();
  }
}

interface OwnedFile {
  key: string;
  /** The record's id: files are immutable once written, so it makes a strong ETag. */
  id: string;
  type: string;
  width: number;
}

/**
 * A stored file by record, or null when it is missing or someone else's (the two look alike).
 * `ownerId` null: a valid signature stands for the owner check (server/images/signed-urls.server.ts).
 */
async function findFile(services: Services, ownerId: string | null, source: ImageSource): Promise<OwnedFile | null> {
  const { db } = services.database;
  if (source.kind === "image") {
    const [image] = await db
      .select({ id: images.id, key: images.fileKey, format: images.format, width: images.width })
      .from(images)
      .where(and(eq(images.id, source.id), ownerId === null ? undefined : eq(images.ownerId, ownerId)));
    return image ? { id: image.id, key: image.key, type: `image/${image.format}`, width: image.width } : null;
  }
  const [reference] = await db
    .select({ id: styleReferences.id, key: styleReferences.fileKey, width: styleReferences.width })
    .from(styleReferences)
    .where(and(eq(styleReferences.id, source.id), ownerId === null ? undefined : eq(styleReferences.ownerId, ownerId)));
  return reference ? { id: reference.id, key: reference.key, type: "image/png", width: reference.width } : null;
}

const SIGNED_RECORDS_KEPT = 20_000;

/**
 * The records of images asked for with a signature, kept by this process, so that repeats
 * need no query: a record never changes, and one deleted since loses its files, which the
 * request then misses and checks again.
 */
class SignedRecords {
  private readonly records = new Map<string, OwnedFile>();

  async find(services: Services, source: ImageSource): Promise<OwnedFile | null> {
    const cacheKey = `${source.kind}:${source.id}`;
    const kept = this.records.get(cacheKey);
    if (kept) return kept;
    const file = await findFile(services, null, source);
    if (file) {
      // Oldest first out: a Map iterates in insertion order.
      if (this.records.size >= SIGNED_RECORDS_KEPT) this.records.delete(this.records.keys().next().value!);
      this.records.set(cacheKey, file);
    }
    return file;
  }

  forget(source: ImageSource): void {
    this.records.delete(`${source.kind}:${source.id}`);
  }
}

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

  const signedRecords = new SignedRecords();

  // GET /api/image?url=/api/images/{id}&w=640&q=80 → WebP at that width (spec §7). With the
  // presenters' signature as s, it needs no session and, on repeats, no query (decisions/045).
  router.get("/image", async (req, res) => {
    const services = await getServices();
    const query = optimizeQuerySchema.parse(req.query);
    const signedUntil = query.s ? services.imageUrls.verify(query.url, query.s) : null;
    const ownerId = signedUntil ? null : (await requireApiUser(req, services)).id;
    const findSource = () =>
      ownerId === null ? signedRecords.find(services, query.url) : findFile(services, ownerId, query.url);
    const file = await findSource();
    if (!file) throw new AppError("not_found", "No such image.");
    const size = { width: effectiveWidth(query.w, file.width), quality: query.q };
    const etag = `"${file.id}-w${size.width}-q${size.quality}"`;
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
