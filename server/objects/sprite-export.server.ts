import type { Writable } from "node:stream";
import type { SpriteSheetOptions } from "#domain/exports";
import type { ImageCredit } from "#domain/objects";
import type { Database } from "../db/client.server";
import type { FileStorage } from "../storage/storage.server";
import { attributionText, exportedImages, slugify, type selectExportObjects } from "./export-zip.server";
import { packSpriteSheet, type SpriteInput } from "./sprite-sheet.server";
import { zipStream } from "./zip-stream.server";

export const SHEET_IMAGE = "sprites.png";
export const SHEET_ATLAS = "sprites.json";

/**
 * A ZIP with one packed sprite sheet of the objects' images (`sprites.png`), its atlas in
 * TexturePacker's JSON hash format (`sprites.json`: Phaser's `load.atlas` and PixiJS's
 * `Assets.load` read it) and, for preview drawings from open libraries, ATTRIBUTION.txt. Frames
 * are named after their objects ("health-potion", "health-potion-2" for a second image).
 */
export async function writeSpriteSheetZip(
  deps: { db: Database; storage: FileStorage },
  options: {
    objects: Awaited<ReturnType<typeof selectExportObjects>>;
    images: "cover" | "all";
    sheet: SpriteSheetOptions;
    out: Writable;
    /** Called once the sheet is packed, before the first byte: where the answer's headers are set. */
    onPacked(): void;
  },
): Promise<void> {
  const inputs: SpriteInput[] = [];
  const credits: { file: string; credit: ImageCredit }[] = [];
  const used = new Set<string>();
  for (const object of options.objects) {
    const rows = await exportedImages(deps.db, object, options.images);
    for (const [i, image] of rows.entries()) {
      const file = await deps.storage.read(image.fileKey);
      if (!file) continue;
      let name = `${slugify(object.name)}${rows.length > 1 ? `-${i + 1}` : ""}`;
      for (let n = 2; used.has(name); n++) name = `${slugify(object.name)}-${n}`;
      used.add(name);
      inputs.push({ name, file });
      if (image.credit) credits.push({ file: `${SHEET_IMAGE} (frame ${name})`, credit: image.credit });
    }
  }
  // Packed before anything is sent: a set that does not fit is answered 400, not a broken file.
  const { png, atlas } = await packSpriteSheet(inputs, { ...options.sheet, imageName: SHEET_IMAGE });
  options.onPacked();
  const { archive, delivered } = await zipStream(options.out);
  archive.append(png, { name: SHEET_IMAGE });
  archive.append(JSON.stringify(atlas, null, 2), { name: SHEET_ATLAS });
  if (credits.length) archive.append(attributionText(credits), { name: "ATTRIBUTION.txt" });
  await archive.finalize();
  await delivered;
}
