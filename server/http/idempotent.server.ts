import type { Request, Response } from "express";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { idempotencyKeySchema } from "#domain/idempotency";
import type { Database } from "../db/client.server";
import { inWorkspace, runOnce, type StoredAnswer } from "../idempotency/idempotency-keys.server";

export type Answer = StoredAnswer;

/** What makes two requests the same one: method, path (with its ids) and content. */
export function requestHash(req: Pick<Request, "method" | "baseUrl" | "path">, content: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify([req.method, `${req.baseUrl}${req.path}`, content ?? null]))
    .digest("hex");
}

/** An uploaded file's SHA-256, whether the upload parser kept it in memory or on disk. */
export async function uploadDigest(file: { buffer?: Buffer; path?: string }): Promise<string> {
  const hash = createHash("sha256");
  if (file.buffer) hash.update(file.buffer);
  else if (file.path) await pipeline(createReadStream(file.path), hash);
  return hash.digest("hex");
}

function send(res: Response, answer: Answer) {
  res.status(answer.status).json(answer.body);
}

/**
 * Answers a spending request at most once per Idempotency-Key (when it has one). The
 * key belongs to the person and to this request (method, path, workspace and `content`, hashed):
 * another request with it is refused with 422. A repeat gets the first answer, status
 * and body, for 24 hours, whatever happened since to what it made; a repeat sent while
 * the first still runs waits for that answer. A request that fails (a short balance, a
 * missing style) keeps nothing, so the same key can be sent again.
 */
export async function answerOnce(
  db: Database,
  req: Request,
  res: Response,
  options: { userId: string; workspaceId: string; content: unknown; run: () => Promise<Answer> },
): Promise<void> {
  const key = idempotencyKeySchema.parse(req.get("Idempotency-Key") ?? undefined);
  if (!key) return send(res, await options.run());
  const { answer, replayed } = await runOnce(db, {
    userId: options.userId,
    key,
    requestHash: requestHash(req, inWorkspace(options)),
    run: options.run,
  });
  if (replayed) res.setHeader("Idempotent-Replayed", "true");
  send(res, answer);
}
