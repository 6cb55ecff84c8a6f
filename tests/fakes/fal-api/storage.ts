// The fake fal.ai's storage: uploads (initiate, then a PUT of the bytes to the signed URL) and
// the files it serves, uploads and output images alike, at public addresses under /files/.
import { createHash, randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { Reply } from "./reply.ts";
import type { FalState } from "./state.ts";

/** GET /files/<path>: a file, or a stall of an output image when `control.stall` is "file". */
export function serveFile(state: FalState, reply: Reply, res: ServerResponse, path: string) {
  const file = state.files.get(path.slice("/files/".length));
  if (!file) return reply.json(404, { detail: "Not Found" });
  if (state.control.stall === "file" && path.startsWith("/files/output/")) return reply.stall(file.contentType);
  res.writeHead(200, { "Content-Type": file.contentType, "Content-Length": String(file.data.length) });
  return res.end(file.data);
}

/** PUT of an upload's bytes to the signed URL /__storage/put/<token>, once. */
export function putUpload(state: FalState, reply: Reply, res: ServerResponse, path: string, body: Buffer) {
  const pending = state.pendingUploads.get(path.slice("/__storage/put/".length));
  if (!pending) return reply.json(403, { detail: "Invalid or expired signature" });
  state.pendingUploads.delete(path.slice("/__storage/put/".length));
  state.files.set(pending.path, { contentType: pending.contentType, data: body });
  pending.upload.bytes = body.length;
  pending.upload.sha256 = createHash("sha256").update(body).digest("hex");
  res.writeHead(200);
  return res.end();
}

/** POST /storage/upload/initiate: a signed URL to PUT the bytes to, and the file's address. */
export function initiateUpload(state: FalState, reply: Reply, body: Buffer, lifecycle: string | string[] | undefined) {
  const { content_type: contentType, file_name: fileName } = JSON.parse(body.toString()) as {
    content_type: string;
    file_name: string;
  };
  const token = randomUUID();
  const filePath = `uploads/${token}/${fileName}`;
  const upload = {
    contentType,
    fileName,
    bytes: 0,
    sha256: "",
    lifecycle: typeof lifecycle === "string" ? lifecycle : undefined,
  };
  state.uploads.push(upload);
  state.pendingUploads.set(token, { path: filePath, contentType, upload });
  return reply.json(200, {
    upload_url: `${state.url}/__storage/put/${token}?X-Goog-Signature=fake`,
    file_url: `${state.url}/files/${filePath}`,
  });
}

/** One of the files this fake's storage serves, by its address. */
export function fileAt(state: FalState, address: string) {
  return address.startsWith(`${state.url}/files/`)
    ? state.files.get(address.slice(`${state.url}/files/`.length))
    : undefined;
}
