import { createHash } from "node:crypto";
import { z } from "zod";
import { replicateJson, type ReplicateConnection } from "./replicate-http.server";
import { ProviderAnswerError, type ReferenceImage } from "./provider";

/**
 * Replicate takes an input file inline as a data URI, which it advises only for small files;
 * anything larger goes through its Files API, and the file's address is passed instead.
 */
export const MAX_INLINE_BYTES = 256 * 1024;
/** Uploaded files are kept by Replicate for a day; an address is reused well within that. */
const REUSE_FOR_MS = 60 * 60 * 1000;
const MAX_REMEMBERED = 128;

const fileSchema = z.object({ id: z.string(), urls: z.object({ get: z.string() }) });

/** Uploads one file to Replicate's Files API (multipart, its bytes in `content`) and answers its address. */
export async function uploadFile(
  connection: ReplicateConnection,
  file: { data: Buffer; name: string; type: string },
  signal: AbortSignal,
): Promise<string> {
  const form = new FormData();
  form.append("content", new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  form.append("filename", file.name);
  form.append("type", file.type);
  const { body } = await replicateJson(connection, "/v1/files", { body: form, signal });
  const parsed = fileSchema.safeParse(body);
  if (!parsed.success)
    throw new ProviderAnswerError("The image service answered an upload in a form Motif does not know");
  return parsed.data.urls.get;
}

/**
 * How an input image is passed to a model: a data URI when small, else an uploaded file's
 * address. Every image of a set goes with the same reference, so uploads are remembered by
 * content (finished ones only, so one request's abort never fails another's).
 */
export function createInputImages(connection: ReplicateConnection, now: () => number = Date.now) {
  const remembered = new Map<string, { url: string; until: number }>();
  return async function inputImage(image: ReferenceImage, signal: AbortSignal): Promise<string> {
    if (image.data.length <= MAX_INLINE_BYTES) return `data:${image.mimeType};base64,${image.data.toString("base64")}`;
    const key = `${image.mimeType}:${createHash("sha256").update(image.data).digest("hex")}`;
    const known = remembered.get(key);
    if (known && known.until > now()) return known.url;
    const extension = image.mimeType.split("/")[1];
    const url = await uploadFile(
      connection,
      { data: image.data, name: `image.${extension}`, type: image.mimeType },
      signal,
    );
    remembered.delete(key);
    remembered.set(key, { url, until: now() + REUSE_FOR_MS });
    // A Map keeps insertion order: the first key is the oldest.
    if (remembered.size > MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
    return url;
  };
}
