import { and, eq } from "drizzle-orm";
import { images, styleReferences } from "../db/schema";
import type { DatabaseHandle } from "../db/client.server";
import type { ImageSource } from "./optimize.server";

export interface OwnedFile {
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
export async function findFile(
  services: { database: DatabaseHandle },
  ownerId: string | null,
  source: ImageSource,
): Promise<OwnedFile | null> {
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

  async find(services: { database: DatabaseHandle }, source: ImageSource): Promise<OwnedFile | null> {
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

/** This process's records of signed images, shared by the fast path and the image endpoint. */
export const signedRecords = new SignedRecords();
