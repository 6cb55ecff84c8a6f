import { createHash } from "node:crypto";
import type { FalClient } from "@fal-ai/client";
import type { ReferenceImage } from "./provider";

/** The references Motif uploads, and the images fal makes, are deleted from fal's storage after this. */
export const STORAGE_EXPIRY = "1h";
/** A stored address is reused well before fal deletes the file, even by a slow request. */
const REUSE_FOR_MS = 40 * 60 * 1000;
const MAX_REMEMBERED = 256;

/**
 * Uploads references to fal's storage, once each: every image of a set is sent with the
 * same style references, so their addresses are remembered (by content) while fal keeps
 * the files. Only finished uploads are remembered, so one request's abort never fails
 * another's.
 */
export function createReferenceUploads(now: () => number = Date.now) {
  const remembered = new Map<string, { url: string; until: number }>();
  return async function upload(fal: FalClient, ref: ReferenceImage, index: number): Promise<string> {
    const key = `${ref.mimeType}:${createHash("sha256").update(ref.data).digest("hex")}`;
    const known = remembered.get(key);
    if (known && known.until > now()) return known.url;
    const file = new File([new Uint8Array(ref.data)], `reference-${index}.${ref.mimeType.split("/")[1]}`, {
      type: ref.mimeType,
    });
    const url = await fal.storage.upload(file, { lifecycle: { expiresIn: STORAGE_EXPIRY } });
    remembered.delete(key);
    remembered.set(key, { url, until: now() + REUSE_FOR_MS });
    // A Map keeps insertion order: the first key is the oldest.
    if (remembered.size > MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
    return url;
  };
}
