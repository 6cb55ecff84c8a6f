import { sql } from "drizzle-orm";
import sharp from "sharp";
import { makeCardVariants } from "../images/card-variants.server";
import { queryRows, type Database } from "../db/client.server";
import { newId } from "../ids.server";
import type { FileStorage } from "../storage/storage.server";
import type { GenerationJob } from "./job-record.server";
import type { MadeFrom } from "./kinds/kind.server";
import type { GeneratedImage } from "./providers/provider";
import { nativeSvgKey } from "../storage/folders.server";

export interface ImageRecord {
  position: number;
  role: "anchor" | "object";
  subject: string;
  objectId: string | null;
  prompt: string;
  seed: number;
  size: string;
  detail: string;
  transparent: boolean;
  credits: number;
  durationMs: number;
  /** The image it was made from (a view's cover, an edit's base), how, and what was asked. */
  madeFrom?: MadeFrom;
}

export type StoreOutcome =
  /** Stored and paid for. */
  | { kind: "stored"; imageId: string }
  /** Another run of the job stored this position first. */
  | { kind: "duplicate" }
  /** Its object was deleted meanwhile: nothing is stored or charged. */
  | { kind: "object-gone" }
  /** The job is no longer running (cancelled, or finished by another run). */
  | { kind: "job-ended" };

/**
 * Writes the file, then records the image in one statement that locks the job row and
 * stores the image only if the job still runs (and its object still exists): a cancel
 * either waits for this image (and counts it as made) or has committed, and the image
 * is thrown away unpaid. The same statement counts the image on the job (images_made),
 * so an image deleted later with its object still counts as made and is not refunded,
 * and makes the first image of an object its cover.
 */
export async function storeImage(
  deps: { db: Database; storage: FileStorage },
  job: GenerationJob,
  options: { folder: string; image: GeneratedImage; record: ImageRecord },
): Promise<StoreOutcome> {
  const { image, record } = options;
  const meta = await sharp(image.data).metadata();
  // Each run writes its own file (the run number is in the name), so a run that loses
  // a race never deletes a file another run's record points to.
  const fileKey = `${options.folder}/${job.id}-${record.position}-r${job.attempts}.${image.format}`;
  await deps.storage.put(fileKey, image.data, `image/${image.format}`);
  // A vector model's SVG is the image's original, kept beside the PNG rendered from it.
  const svgKey = image.svg ? nativeSvgKey(fileKey) : null;
  if (svgKey) await deps.storage.put(svgKey, Buffer.from(image.svg!), "image/svg+xml");
  const imageId = newId();
  const [row] = await queryRows<{ running: boolean; target: boolean; inserted: boolean }>(
    deps.db,
    sql`
      with job as (
        select id from generation_jobs where id = ${job.id} and status = 'running' for no key update
      ),
      object as (
        select id from objects where id = ${record.objectId}::text for share
      ),
      target as (
        select 1 as ok where ${record.objectId}::text is null or exists (select 1 from object)
      ),
      stored as (
        insert into images (id, owner_id, style_id, object_id, job_id, position, role, subject, file_key,
          width, height, format, has_alpha, bytes, seed, provider, model, prompt,
          size, detail, transparent, credits, duration_ms, credit, parent_image_id, operation, operation_params, svg_key)
        select ${imageId}, ${job.ownerId}, ${job.styleId}, ${record.objectId}::text, job.id, ${record.position}::int,
          ${record.role}, ${record.subject}, ${fileKey},
          ${meta.width ?? 0}::int, ${meta.height ?? 0}::int, ${image.format}, ${Boolean(meta.hasAlpha)}::boolean,
          ${image.data.length}::int, ${record.seed}::int, ${job.provider}, ${job.model}, ${record.prompt},
          ${record.size}, ${record.detail}, ${record.transparent}::boolean, ${record.credits}::int, ${record.durationMs}::int,
          ${image.credit ? JSON.stringify(image.credit) : null}::jsonb,
          -- The image it was made from, unless it was deleted meanwhile.
          (select id from images where id = ${record.madeFrom?.imageId ?? null}::text),
          ${record.madeFrom?.operation ?? "generated"},
          ${record.madeFrom ? JSON.stringify(record.madeFrom.params) : null}::jsonb,
          ${svgKey}::text
        from job, target
        on conflict (job_id, position) do nothing
        returning id
      ),
      counted as (
        update generation_jobs set images_made = images_made + 1
        where id = ${job.id} and exists (select 1 from stored)
        returning id
      ),
      cover as (
        update objects set cover_image_id = (select id from stored), updated_at = now()
        where id = ${record.objectId}::text and cover_image_id is null and exists (select 1 from stored)
        returning id
      )
      -- cover and counted run whether or not they are read: data-modifying CTEs always do.
      select exists (select 1 from job) as running, exists (select 1 from target) as target,
        exists (select 1 from stored) as inserted`,
  );
  if (row?.inserted) {
    void makeCardVariants(deps, {
      id: imageId,
      fileKey,
      data: image.data,
      width: meta.width ?? 0,
      onStage: record.objectId !== null,
    });
    return { kind: "stored", imageId };
  }
  // Not stored: the files go.
  await deps.storage.delete(fileKey);
  if (svgKey) await deps.storage.delete(svgKey);
  if (!row?.running) return { kind: "job-ended" };
  if (!row.target) return { kind: "object-gone" };
  return { kind: "duplicate" };
}

/**
 * True when the image really has see-through pixels, not merely an alpha channel.
 * Decodes only the alpha channel and stops at the first pixel under 255 (sharp's
 * stats() would also compute histograms nobody reads, at ~20× the cost).
 */
export async function hasRealAlpha(data: Buffer): Promise<boolean> {
  const meta = await sharp(data).metadata();
  if (!meta.hasAlpha) return false;
  const alpha = await sharp(data).extractChannel("alpha").raw({ depth: "uchar" }).toBuffer();
  for (let i = 0; i < alpha.length; i++) if (alpha[i]! < 255) return true;
  return false;
}
