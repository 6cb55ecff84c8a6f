import type { Request, Response } from "express";
import { findFile } from "../../../images/image-records.server";
import { type ImageSource } from "../../../images/optimize.server";
import type { Services } from "../../../services";
import { AppError } from "../../errors.server";
import { notModified as isNotModified, sendStream } from "../../file-responses.server";
import { type ApiUser } from "../../require-user.server";

/** A stored file to its owner, with its ETag; a 304 when the client's copy is current. */
export async function serveOriginal(
  kind: ImageSource["kind"],
  {
    req,
    res,
    services,
    user,
    params,
  }: { req: Request; res: Response; services: Services; user: ApiUser; params: { id: string } },
) {
  const file = await findFile(services, user.workspace.id, { kind, id: params.id });
  if (!file) throw new AppError("not_found", "No such image.");
  const tag = `"${file.id}"`;
  if (isNotModified(req, res, tag)) return;
  const stored = await services.storage.get(file.key);
  if (!stored) throw new AppError("not_found", "No such image.");
  await sendStream(res, stored, file.type, tag);
}

/** A ZIP download's headers, set once its file name is known (before its first byte). */
export function zipDownload(res: Response) {
  return (fileName: string) => {
    res.setHeader("Content-Type", "application/zip");
    res.setHeader("Content-Disposition", `attachment; filename="${fileName}"`);
    res.setHeader("Cache-Control", "private, no-cache");
  };
}
