import { PassThrough } from "node:stream";
import { and, eq, inArray } from "drizzle-orm";
import { FieldError } from "#domain/errors";
import { captionFor } from "#domain/training";
import { type DatasetPicture } from "#domain/requests/training";
import type { Database } from "../db/client.server";
import { images, learningPictures, objects, styleReferences } from "../db/schema";
import { zipStream } from "../objects/zip-stream.server";
import type { FileStorage } from "../storage/storage.server";
import type { LearningSubject } from "./subject.server";

/** One picture of a dataset, read and captioned. */
export interface DatasetEntry {
  data: Buffer;
  caption: string;
}

type Found = { id: string; fileKey: string; subject: string };

/**
 * The pictures asked for, each the workspace's and allowed for the subject (a style's references
 * only for that style; uploaded pictures only the subject's own; library images any of the
 * workspace's), read from storage and captioned: the caption given, else one made from the
 * object's or subject's name with the trigger word.
 */
export async function readDataset(
  deps: { db: Database; storage: FileStorage },
  options: {
    workspaceId: string;
    subject: LearningSubject & { name: string };
    triggerWord: string;
    pictures: DatasetPicture[];
  },
): Promise<DatasetEntry[]> {
  const { subject } = options;
  const ids = (source: DatasetPicture["source"]) =>
    options.pictures.filter((picture) => picture.source === source).map((picture) => picture.id);
  const [references, pictures, library] = await Promise.all([
    findReferences(deps.db, options.workspaceId, subject, ids("reference")),
    findPictures(deps.db, options.workspaceId, subject, ids("picture")),
    findImages(deps.db, options.workspaceId, ids("image")),
  ]);
  const found = { reference: references, picture: pictures, image: library };
  const seen = new Set<string>();
  const entries: DatasetEntry[] = [];
  for (const [i, picture] of options.pictures.entries()) {
    const key = `${picture.source}:${picture.id}`;
    if (seen.has(key)) throw datasetError(i, "This picture is in the dataset twice.");
    seen.add(key);
    const row = found[picture.source].find((r) => r.id === picture.id);
    const data = row && (await deps.storage.read(row.fileKey));
    if (!row || !data) throw datasetError(i, "No such picture.");
    const caption =
      picture.caption || captionFor({ learns: subject.learns, triggerWord: options.triggerWord, subject: row.subject });
    entries.push({ data, caption });
  }
  return entries;
}

const datasetError = (index: number, message: string) => new FieldError(`pictures.${index}.id`, message);

async function findReferences(
  db: Database,
  workspaceId: string,
  subject: LearningSubject & { name: string },
  ids: string[],
) {
  if (ids.length === 0 || subject.learns !== "style") return [];
  const rows = await db
    .select({ id: styleReferences.id, fileKey: styleReferences.fileKey })
    .from(styleReferences)
    .where(
      and(
        inArray(styleReferences.id, ids),
        eq(styleReferences.styleId, subject.id),
        eq(styleReferences.ownerId, workspaceId),
      ),
    );
  return rows.map((row): Found => ({ ...row, subject: subject.name }));
}

async function findPictures(
  db: Database,
  workspaceId: string,
  subject: LearningSubject & { name: string },
  ids: string[],
) {
  if (ids.length === 0) return [];
  const owned = subject.learns === "style" ? learningPictures.styleId : learningPictures.characterId;
  const rows = await db
    .select({ id: learningPictures.id, fileKey: learningPictures.fileKey })
    .from(learningPictures)
    .where(and(inArray(learningPictures.id, ids), eq(owned, subject.id), eq(learningPictures.ownerId, workspaceId)));
  return rows.map((row): Found => ({ ...row, subject: subject.name }));
}

async function findImages(db: Database, workspaceId: string, ids: string[]): Promise<Found[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: images.id, fileKey: images.fileKey, subject: objects.name })
    .from(images)
    .innerJoin(objects, eq(objects.id, images.objectId))
    .where(and(inArray(images.id, ids), eq(images.ownerId, workspaceId)));
}

/**
 * The dataset as LoRA trainers read it: one ZIP, each picture (0001.png, …) beside a text file of
 * its caption with the same name (0001.txt).
 */
export async function datasetZip(entries: DatasetEntry[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (chunk: Buffer) => chunks.push(chunk));
  const { archive, delivered } = await zipStream(out);
  entries.forEach((entry, i) => {
    const name = String(i + 1).padStart(4, "0");
    archive.append(entry.data, { name: `${name}.png` });
    archive.append(`${entry.caption}\n`, { name: `${name}.txt` });
  });
  await archive.finalize();
  await delivered;
  return Buffer.concat(chunks);
}
