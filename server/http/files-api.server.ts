import { and, eq } from "drizzle-orm";
import { Router, type Request, type Response } from "express";
import { pipeline } from "node:stream/promises";
import { images, styleReferences } from "../db/schema";
import type { Services } from "../services.server";
import { AppError } from "./errors.server";
import { requireApiUser } from "./require-user.server";

async function sendStoredFile(
  req: Request,
  res: Response,
  services: Services,
  file: { key: string; etag: string; type: string },
) {
  res.setHeader("Cache-Control", "private, max-age=31536000, immutable");
  res.setHeader("ETag", file.etag);
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (req.get("If-None-Match") === file.etag) {
    res.status(304).end();
    return;
  }
  const stored = await services.storage.get(file.key);
  if (!stored) throw new AppError("not_found", "No such image.");
  res.setHeader("Content-Type", file.type);
  res.setHeader("Content-Length", String(stored.size));
  // pipeline destroys the source when the client goes away, and turns a failing
  // source (a file deleted mid-read, a dropped S3 body) into a rejected promise.
  try {
    await pipeline(stored.stream, res);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE") res.destroy();
  }
}

/**
 * Stored images, served only to their owner (session-checked, per record).
 * Files are immutable once written, so the record id makes a strong ETag.
 */
export function filesApi(getServices: () => Promise<Services>): Router {
  const router = Router();

  router.get("/images/:id", async (req: Request<{ id: string }>, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const [image] = await services.database.db
      .select()
      .from(images)
      .where(and(eq(images.id, req.params.id), eq(images.ownerId, user.id)));
    // Someone else's image answers exactly like a missing one.
    if (!image) throw new AppError("not_found", "No such image.");
    await sendStoredFile(req, res, services, {
      key: image.fileKey,
      etag: `"${image.id}"`,
      type: `image/${image.format}`,
    });
  });

  router.get("/files/reference/:id", async (req: Request<{ id: string }>, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    const [reference] = await services.database.db
      .select()
      .from(styleReferences)
      .where(and(eq(styleReferences.id, req.params.id), eq(styleReferences.ownerId, user.id)));
    if (!reference) throw new AppError("not_found", "No such image.");
    await sendStoredFile(req, res, services, { key: reference.fileKey, etag: `"${reference.id}"`, type: "image/png" });
  });

  return router;
}
