import { eq } from "drizzle-orm";
import { cardImages, responsiveWidths, stageImage } from "#domain/image-url";
import type { Database } from "../db/client.server";
import { images } from "../db/schema";
import { trackWrite, writesSettled } from "../storage/pending-writes.server";
import type { FileStorage } from "../storage/storage.server";
import { getLogger } from "../logger.server";
import { derivativeKey, effectiveWidth, optimizeImage, optimizeOnce } from "./optimize.server";

/**
 * The copies made when an image `sourceWidth` pixels wide is stored: the ones the library grids
 * ask for, and for an object's image (`onStage`) the one a phone's object page shows first (its
 * largest paint). A style's samples are never on that stage.
 */
export function cardVariantSizes(
  sourceWidth: number,
  { onStage }: { onStage: boolean },
): { width: number; quality: number }[] {
  const sizes = new Map<string, { width: number; quality: number }>();
  const add = (width: number, quality: number) => {
    const size = { width: effectiveWidth(width, sourceWidth), quality };
    sizes.set(`${size.width}-${size.quality}`, size);
  };
  for (const card of Object.values(cardImages))
    for (const { width } of responsiveWidths({ displayWidth: card.displayWidth, sourceWidth }))
      add(width, card.quality);
  if (onStage) add(stageImage.widths[0], stageImage.quality);
  return [...sizes.values()];
}

/**
 * Makes the grids' copies of a stored image, where the image endpoint keeps them
 * (derivativeKey), so no one's first look at a grid waits for a conversion. It runs beside
 * the job's next image rather than before this one shows: a grid that asks sooner joins the
 * conversion already under way in this process (optimizeOnce) instead of starting another.
 */
export function makeCardVariants(
  deps: { db: Database; storage: FileStorage },
  image: { id: string; fileKey: string; data: Buffer; width: number; onStage: boolean },
): Promise<void> {
  const keys = cardVariantSizes(image.width, image).map((size) => ({ size, key: derivativeKey(image.fileKey, size) }));
  const work = Promise.all(
    keys.map(({ size, key }) =>
      optimizeOnce(key, async () => {
        const made = await optimizeImage(image.data, size);
        await deps.storage.put(key, made, "image/webp");
        return made;
      }),
    ),
  )
    .then(async () => {
      // Deleted while the copies were made (its folder went before they landed): they go too.
      const [still] = await deps.db.select({ id: images.id }).from(images).where(eq(images.id, image.id));
      if (!still) await Promise.all(keys.map(({ key }) => deps.storage.delete(key)));
    })
    .then(
      () => undefined,
      (error: unknown) =>
        getLogger().warn({ err: error, fileKey: image.fileKey }, "could not make an image's grid copies"),
    );
  trackWrite(image.fileKey, work);
  return work;
}

/** Resolves once every copy under way in this process is made (tests, and a process stopping). */
export const cardVariantsSettled = () => writesSettled();
