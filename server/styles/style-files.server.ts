import { IMAGE_QUALITIES, IMAGE_WIDTHS } from "#domain/image-url";
import { newId } from "../ids.server";
import { derivativeKey } from "../images/optimize.server";
import { writesSettled } from "../storage/pending-writes.server";
import type { FileStorage } from "../storage/storage.server";
import { nativeSvgKey, styleFolder } from "../storage/folders.server";
import type { CleanImage } from "./uploads.server";

export interface StoredReference {
  id: string;
  fileKey: string;
  width: number;
  height: number;
  bytes: number;
}

/** Writes cleaned reference images into the style's folder, each under its own id. */
export async function putReferenceFiles(
  storage: FileStorage,
  options: { workspaceId: string; styleId: string; images: CleanImage[] },
): Promise<StoredReference[]> {
  const stored: StoredReference[] = [];
  for (const image of options.images) {
    const id = newId();
    const fileKey = `${styleFolder(options.workspaceId, options.styleId)}/references/${id}.png`;
    await storage.put(fileKey, image.data, "image/png");
    stored.push({ id, fileKey, width: image.width, height: image.height, bytes: image.data.length });
  }
  return stored;
}

/** Deletes one stored image and every optimised size made of it (kept beside it). */
export async function deleteImageFiles(storage: FileStorage, fileKeys: string[]): Promise<void> {
  for (const fileKey of fileKeys) {
    // Its grid copies may still be being made in this process: they would land after.
    await writesSettled(fileKey);
    const keys = [fileKey, nativeSvgKey(fileKey)];
    for (const width of IMAGE_WIDTHS)
      for (const quality of IMAGE_QUALITIES) keys.push(derivativeKey(fileKey, { width, quality }));
    await Promise.all(keys.map((key) => storage.delete(key)));
  }
}
