import type { Writable } from "node:stream";
import { and, eq } from "drizzle-orm";
import { AppError } from "#domain/errors";
import type { Database } from "../db/client.server";
import { images } from "../db/schema";
import type { FileStorage } from "../storage/storage.server";
import { appIconFiles } from "./app-icons.server";
import { requireOwnedObject } from "./object-records.server";
import { zipStream } from "./zip-stream.server";

/**
 * A ZIP of app icons made from one of the user's object's images (its cover unless `imageId`
 * names another): every size, favicon.ico, Xcode's AppIcon.appiconset, Android's mipmaps.
 */
export async function writeAppIconsZip(
  deps: { db: Database; storage: FileStorage },
  options: {
    workspaceId: string;
    objectId: string;
    imageId?: string;
    background: string;
    out: Writable;
    /** Called once the icons are made, before the first byte: where the answer's headers are set. */
    onReady(objectName: string): void;
  },
): Promise<void> {
  const object = await requireOwnedObject(deps.db, options);
  const imageId = options.imageId ?? object.coverImageId;
  const [image] = await deps.db
    .select({ fileKey: images.fileKey })
    .from(images)
    .where(
      and(
        eq(images.objectId, object.id),
        eq(images.ownerId, options.workspaceId),
        imageId ? eq(images.id, imageId) : undefined,
      ),
    )
    .limit(1);
  const file = image ? await deps.storage.read(image.fileKey) : null;
  if (!file) throw new AppError("not_found", "No such image.");
  const files = await appIconFiles(file, { background: options.background });
  options.onReady(object.name);
  const { archive, delivered } = await zipStream(options.out);
  for (const { name, data } of files) archive.append(data, { name });
  await archive.finalize();
  await delivered;
}
