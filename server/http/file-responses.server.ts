import type { Request, Response } from "express";
import { pipeline } from "node:stream/promises";
import type { StoredObject } from "../storage/storage.server";

/**
 * Stored files never change: the browser may keep them for a year, only for this user. A
 * signed copy may be kept by any cache, until its signature expires.
 */
export function setCacheHeaders(res: Response, etag: string, signedUntil: number | null = null) {
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
export function notModified(req: Request, res: Response, etag: string, signedUntil: number | null = null): boolean {
  if (req.get("If-None-Match") !== etag) return false;
  setCacheHeaders(res, etag, signedUntil);
  res.status(304).end();
  return true;
}

/** Streams a stored file; caching headers go out only with a file, never with an error. */
export async function sendStream(
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

/** A copy's validator: the image record's id (files never change) and the copy's size. */
export const copyEtag = (file: { id: string }, size: { width: number; quality: number }) =>
  `"${file.id}-w${size.width}-q${size.quality}"`;
