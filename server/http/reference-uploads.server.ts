import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Request, Response } from "express";
import multer from "multer";
import { UPLOAD_ERROR_DETAILS } from "#domain/styles";
import { AppError } from "./errors.server";

export interface ReceivedFile {
  /** Where the upload was streamed to: a private temporary folder, removed by `cleanup`. */
  path: string;
  originalname: string;
  size: number;
}

export interface ReceivedUploads {
  files: ReceivedFile[];
  /** Removes the temporary folder and everything in it. Safe to call more than once. */
  cleanup(): Promise<void>;
}

/** Room for the text fields and multipart framing on top of the files themselves. */
const FIELD_ALLOWANCE_BYTES = 64 * 1024;

/**
 * Refuses a request whose declared size could not be within the limits, before any of
 * its body is read. The connection is closed with the answer, so the rest of the body
 * is never read either.
 */
export function refuseOversizedBody(req: Request, res: Response, options: { maxFiles: number; maxBytes: number }) {
  const declared = Number(req.get("Content-Length") ?? Number.NaN);
  if (declared > options.maxFiles * options.maxBytes + FIELD_ALLOWANCE_BYTES) {
    closeAfterAnswer(res);
    throw new AppError(
      "bad_request",
      `The upload is too large: add at most ${options.maxFiles} images of up to ${megabytes(options.maxBytes)} MB each.`,
      UPLOAD_ERROR_DETAILS,
    );
  }
}

/** For an answer given before the body was read: the body is not read afterwards either. */
export function closeAfterAnswer(res: Response): void {
  res.setHeader("Connection", "close");
}

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * Streams a multipart request's `references` files to a private temporary folder
 * (never into memory) and reads its text fields into `req.body`. `beforeFirstFile`
 * runs once, with the fields sent before the files, before any file is written: a
 * request that cannot be paid for stops there. On any failure the folder is removed
 * before the error is thrown; on success the caller removes it with `cleanup`.
 */
export async function receiveReferenceUploads(
  req: Request,
  res: Response,
  options: { maxFiles: number; maxBytes: number; beforeFirstFile?: () => Promise<void> },
): Promise<ReceivedUploads> {
  const folder = await mkdtemp(path.join(tmpdir(), "motif-upload-"));
  const cleanup = () => rm(folder, { recursive: true, force: true });
  let checked: Promise<void> | undefined;
  // A refusal at the first file is answered at once, with the connection closed:
  // multer would otherwise read (and drop) the whole rest of the body first.
  let refusedEarly = false;
  let refuse: (error: unknown) => void = () => {};
  const refused = new Promise<never>((_resolve, reject) => (refuse = reject));
  const upload = multer({
    storage: multer.diskStorage({ destination: folder }),
    limits: { files: options.maxFiles, fileSize: options.maxBytes, fields: 10, fieldSize: 16 * 1024 },
    fileFilter(_req, _file, accept) {
      checked ??= options.beforeFirstFile?.() ?? Promise.resolve();
      checked.then(
        () => accept(null, true),
        (error: Error) => {
          accept(error);
          refusedEarly = true;
          refuse(error);
        },
      );
    },
  }).array("references", options.maxFiles);
  const received = new Promise<void>((resolve, reject) =>
    upload(req, res, (error: unknown) => (error ? reject(uploadError(error, options)) : resolve())),
  );
  try {
    await Promise.race([received, refused]);
  } catch (error) {
    // No file is written once the first one is refused, so the folder can go now.
    received.catch(() => {});
    if (refusedEarly) closeAfterAnswer(res);
    await cleanup();
    throw error;
  }
  const files = ((req.files as Express.Multer.File[] | undefined) ?? []).map((f) => ({
    path: f.path,
    originalname: f.originalname,
    size: f.size,
  }));
  return { files, cleanup };
}

function uploadError(error: unknown, options: { maxFiles: number; maxBytes: number }): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === "LIMIT_FILE_SIZE")
    return new AppError(
      "bad_request",
      `Each image must be at most ${megabytes(options.maxBytes)} MB.`,
      UPLOAD_ERROR_DETAILS,
    );
  if (code === "LIMIT_FILE_COUNT" || code === "LIMIT_UNEXPECTED_FILE")
    return new AppError("bad_request", `Add at most ${options.maxFiles} reference images.`, UPLOAD_ERROR_DETAILS);
  return new AppError("bad_request", "The upload could not be read.", UPLOAD_ERROR_DETAILS);
}
