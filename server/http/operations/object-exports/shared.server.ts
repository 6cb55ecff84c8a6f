import type { Response } from "express";
import { slugify } from "../../../objects/export-zip.server";

/** A ZIP download's headers, set once its content is ready to go. */
export function sendingZip(res: Response, fileName: string): void {
  res.setHeader("Content-Type", "application/zip");
  res.setHeader("Content-Disposition", `attachment; filename="${fileName}"`);
}

/**
 * A download that failed: an error answer while nothing was sent; after that, the connection is
 * cut, so a partial file is never taken for a whole one.
 */
export const failedDownload = (res: Response) => (error: unknown) => {
  if (!res.headersSent) throw error;
  if (!res.destroyed) res.destroy();
};

export type Exported = { name: string; styleName: string };

/** One object's download is named after it (and its style); several, by their count. */
export const shortName = (objects: Exported[]) =>
  objects.length === 1 ? slugify(objects[0]!.name) : `motif-${objects.length}-objects`;
