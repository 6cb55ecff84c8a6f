import type { Request, Response } from "express";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { AppError } from "#domain/errors";
import { idempotencyKeySchema } from "#domain/idempotency";
import type { Database } from "../db/client.server";
import {
  claimKey,
  releaseKey,
  saveAnswer,
  type KeyRef,
  type StoredAnswer,
} from "../idempotency/idempotency-keys.server";
import { getLogger } from "../logger.server";

export type Answer = StoredAnswer;

/** How long a repeat waits for the first request's answer before giving up with 409. */
const WAIT_MS = 20_000;

const MISMATCH = "This Idempotency-Key was already used for a different request. Use a new key for a new request.";
const STILL_RUNNING =
  "The first request with this Idempotency-Key has not finished yet. Try again in a moment, or use a new key.";

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

async function waitForClaim(db: Database, ref: KeyRef & { requestHash: string }) {
  const deadline = Date.now() + WAIT_MS;
  let pause = 20;
  for (;;) {
    const claim = await claimKey(db, ref);
    if (claim.kind === "mismatch") throw new AppError("idempotency_mismatch", MISMATCH);
    if (claim.kind !== "running") return claim;
    if (Date.now() + pause > deadline) throw new AppError("conflict", STILL_RUNNING, {}, { "Retry-After": "1" });
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 1.5, 250);
  }
}

function send(res: Response, answer: Answer) {
  res.status(answer.status).json(answer.body);
}

/**
 * Answers a spending request at most once per Idempotency-Key (when it has one). The
 * key belongs to the user and to this request (method, path and `content`, hashed):
 * another request with it is refused with 422. A repeat gets the first answer, status
 * and body, for 24 hours, whatever happened since to what it made; a repeat sent while
 * the first still runs waits for that answer. A request that fails (a short balance, a
 * missing style) keeps nothing, so the same key can be sent again.
 */
export async function answerOnce(
  db: Database,
  req: Request,
  res: Response,
  options: { userId: string; content: unknown; run: () => Promise<Answer> },
): Promise<void> {
  const key = idempotencyKeySchema.parse(req.get("Idempotency-Key") ?? undefined);
  if (!key) return send(res, await options.run());
  const ref = { userId: options.userId, key };
  const claim = await waitForClaim(db, { ...ref, requestHash: requestHash(req, options.content) });
  if (claim.kind === "answered") {
    res.setHeader("Idempotent-Replayed", "true");
    return send(res, claim.answer);
  }
  let answer: Answer;
  try {
    answer = await options.run();
  } catch (error) {
    await releaseKey(db, ref).catch((e: unknown) =>
      getLogger().error({ err: e }, "could not release an idempotency key"),
    );
    throw error;
  }
  if (answer.status >= 200 && answer.status < 300) await saveAnswer(db, ref, answer);
  else await releaseKey(db, ref);
  send(res, answer);
}
