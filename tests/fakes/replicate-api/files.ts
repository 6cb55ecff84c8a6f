// The fake Replicate's files: uploads through its Files API (multipart, the bytes in `content`),
// served back at their urls.get (metadata) and /download (bytes); the output files it delivers at
// public /delivery/ addresses; and the input files a model receives, as data URIs or addresses of
// files it served, decoded as Replicate's runners decode them.
import { createHash, randomBytes } from "node:crypto";
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import sharp from "sharp";
import type { Reply } from "./reply.ts";
import type { ReceivedImage, ReplicateState } from "./state.ts";

const fileId = () => randomBytes(12).toString("hex");

/** POST /v1/files: one multipart upload, its bytes in the `content` field. */
export async function createFile(state: ReplicateState, reply: Reply, headers: IncomingHttpHeaders, body: Buffer) {
  let form: FormData;
  try {
    form = await new Request("http://fake/v1/files", {
      method: "POST",
      headers: { "content-type": String(headers["content-type"] ?? "") },
      body: new Uint8Array(body),
    }).formData();
  } catch {
    return reply.problem(400, "Bad request", "The request body must be multipart/form-data");
  }
  const content = form.get("content");
  if (!(content instanceof Blob)) return reply.problem(400, "Bad request", "Missing required field: content");
  const data = Buffer.from(await content.arrayBuffer());
  const name = String(form.get("filename") ?? (content as File).name ?? "file");
  const contentType = String(form.get("type") ?? (content.type || "application/octet-stream"));
  const id = fileId();
  const createdAt = new Date().toISOString();
  state.stored.set(id, { name, contentType, data, createdAt });
  const sha256 = createHash("sha256").update(data).digest("hex");
  state.files.push({ id, name, contentType, size: data.length, sha256 });
  return reply.json(201, fileObject(state, id));
}

export function fileObject(state: ReplicateState, id: string) {
  const file = state.stored.get(id)!;
  return {
    id,
    name: file.name,
    content_type: file.contentType,
    size: file.data.length,
    etag: createHash("md5").update(file.data).digest("hex"),
    checksums: {
      sha256: createHash("sha256").update(file.data).digest("hex"),
      md5: createHash("md5").update(file.data).digest("hex"),
    },
    metadata: {},
    created_at: file.createdAt,
    expires_at: new Date(Date.parse(file.createdAt) + 24 * 3600 * 1000).toISOString(),
    urls: { get: `${state.url}/v1/files/${id}` },
  };
}

/** GET /v1/files/{id}[/download]: the file's metadata, or its bytes. */
export function serveStoredFile(state: ReplicateState, reply: Reply, res: ServerResponse, id: string, bytes: boolean) {
  const file = state.stored.get(id);
  if (!file) return reply.problem(404, "Not found", "The requested resource could not be found.");
  if (!bytes) return reply.json(200, fileObject(state, id));
  res.writeHead(200, { "Content-Type": file.contentType, "Content-Length": String(file.data.length) });
  return res.end(file.data);
}

/** GET /delivery/...: an output file (public, as replicate.delivery's are), or a stall of one. */
export function serveOutput(
  state: ReplicateState,
  reply: Reply,
  res: ServerResponse,
  path: string,
  authorization: string | undefined,
) {
  const file = state.outputs.get(path);
  if (!file) return reply.problem(404, "Not found", "The requested resource could not be found.");
  if (path.endsWith(".tar")) state.downloads.push({ path, authorization });
  if (state.control.stall === "file") return reply.stall(file.contentType);
  res.writeHead(200, { "Content-Type": file.contentType, "Content-Length": String(file.data.length) });
  return res.end(file.data);
}

/** The bytes an input names: a data URI, or a file this fake stored or delivered; null when it cannot be fetched. */
export function inputBytes(state: ReplicateState, value: string): Buffer | null {
  const data = /^data:[^;,]*(;base64)?,(.*)$/s.exec(value);
  if (data) return data[1] ? Buffer.from(data[2]!, "base64") : Buffer.from(decodeURIComponent(data[2]!));
  if (!value.startsWith(`${state.url}/`)) return null;
  const path = value.slice(state.url.length);
  const stored = /^\/v1\/files\/([^/]+)(\/download)?$/.exec(path);
  if (stored) return state.stored.get(stored[1]!)?.data ?? null;
  return state.outputs.get(path)?.data ?? null;
}

/** An input image as the runner decodes it, or the error the prediction fails with. */
export async function receiveImage(
  state: ReplicateState,
  field: string,
  value: string,
): Promise<ReceivedImage | string> {
  const bytes = inputBytes(state, value);
  if (!bytes) return `Failed to download ${field} from ${value.slice(0, 80)}`;
  try {
    const { hasAlpha } = await sharp(bytes).metadata();
    const { data, info } = await sharp(bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
    let whitePixels = 0;
    for (let p = 0; p < info.width * info.height; p++) if (data[p * info.channels]! >= 128) whitePixels++;
    return {
      source: value.startsWith("data:") ? "data" : value,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      width: info.width,
      height: info.height,
      hasAlpha: Boolean(hasAlpha),
      whitePixels,
    };
  } catch {
    return `cannot identify image file for ${field}`;
  }
}
