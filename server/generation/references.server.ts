import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { images, styleReferences } from "../db/schema";
import type { FileStorage } from "../storage/storage.server";
import type { ReferenceImage } from "./providers/provider";

type StoredFile = { fileKey: string; format: string };

const mimeOf = (format: string): ReferenceImage["mimeType"] =>
  format === "webp" ? "image/webp" : format === "jpeg" ? "image/jpeg" : "image/png";

/** Reads stored files as provider references, skipping any that have gone. */
export async function readReferences(storage: FileStorage, files: StoredFile[]): Promise<ReferenceImage[]> {
  const loaded = await Promise.all(files.map(async (file) => ({ file, data: await storage.read(file.fileKey) })));
  return loaded.flatMap(({ file, data }) => (data ? [{ data, mimeType: mimeOf(file.format) }] : []));
}

/**
 * What every image in a style is matched to: the user's reference images, then the
 * style's sample images (`except` leaves out those of one job, for a job's own re-run).
 */
export async function styleReferenceFiles(
  db: Database,
  options: { styleId: string; exceptJobId?: string },
): Promise<{ references: StoredFile[]; samples: (StoredFile & { jobId: string | null; position: number })[] }> {
  const [refs, samples] = await Promise.all([
    db
      .select({ fileKey: styleReferences.fileKey })
      .from(styleReferences)
      .where(eq(styleReferences.styleId, options.styleId))
      .orderBy(asc(styleReferences.position)),
    db
      .select({ fileKey: images.fileKey, format: images.format, jobId: images.jobId, position: images.position })
      .from(images)
      .where(and(eq(images.styleId, options.styleId), eq(images.role, "anchor")))
      .orderBy(asc(images.createdAt), asc(images.position)),
  ]);
  return { references: refs.map((r) => ({ ...r, format: "png" })), samples };
}
