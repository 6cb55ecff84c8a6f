import type { ObjectImageView } from "#domain/objects";

/**
 * An object's images without the frames a model drew that one of its sheets holds: those are shown
 * inside the sheet. While the frames are being drawn (no sheet yet) they appear one by one.
 */
export function withoutSheetFrames(images: ObjectImageView[]): ObjectImageView[] {
  const inSheets = new Set(images.flatMap((image) => image.lineage.animation?.drawn?.frameIds ?? []));
  return inSheets.size ? images.filter((image) => !inSheets.has(image.id)) : images;
}
