import type { Request, RequestHandler } from "express";
import { z } from "zod";
import { AppError } from "#domain/errors";
import { spendKeyRequests, type ApiUser } from "../http/require-user.server";
import type { Services } from "../services";
import { JSON_RPC, sendJsonRpcError } from "./json-rpc-error.server";

/** The first protocol version without JSON-RPC batches: 2025-06-18 dropped them. */
const FIRST_VERSION_WITHOUT_BATCHES = "2025-06-18";
/** What a server assumes of a client that sends no MCP-Protocol-Version (the transport spec since 2025-06-18). */
const VERSION_WITHOUT_HEADER = "2025-03-26";

const batchSchema = z.array(z.unknown());
const initializeSchema = z.object({
  method: z.literal("initialize"),
  params: z.object({ protocolVersion: z.string() }),
});

/**
 * The version the batch is sent under. A stateless server keeps no negotiated version: the
 * client says it in MCP-Protocol-Version on every request after `initialize`, and an
 * `initialize` asks for one in its params.
 */
function protocolVersion(req: Request, messages: unknown[]): string {
  const header = req.get("MCP-Protocol-Version");
  if (header) return header;
  for (const message of messages) {
    const initialize = initializeSchema.safeParse(message);
    if (initialize.success) return initialize.data.params.protocolVersion;
  }
  return VERSION_WITHOUT_HEADER;
}

/** Versions' names are dates: their order is the strings'. */
export const allowsBatches = (version: string) => version < FIRST_VERSION_WITHOUT_BATCHES;

/**
 * A JSON array of messages, before any of them runs. Under a version that dropped batches, or
 * empty (JSON-RPC 2.0 calls that invalid), it is an Invalid Request with a 400. Otherwise each
 * message is one request of the key's budget, as it would be sent alone: the HTTP request
 * counted one when the key was checked, and the rest count now, all or none of the batch
 * running — a batch over what is left is answered 429 with Retry-After, as one request over
 * it is, and none of its messages runs (docs/decisions/096).
 */
export function meterBatches(getServices: () => Promise<Services>): RequestHandler {
  return async (req, res, next) => {
    const batch = batchSchema.safeParse(req.body);
    if (!batch.success) return next();
    const messages = batch.data;
    const version = protocolVersion(req, messages);
    if (!allowsBatches(version)) {
      const message = `MCP ${version} has no batches: send each message in a request of its own.`;
      return sendJsonRpcError(res, 400, message, JSON_RPC.invalidRequest);
    }
    if (messages.length === 0) {
      return sendJsonRpcError(res, 400, "An empty batch is not a request.", JSON_RPC.invalidRequest);
    }
    if (messages.length === 1) return next();
    const services = await getServices();
    const { apiKeyId } = (res.locals as { user: ApiUser }).user;
    try {
      await spendKeyRequests({ req, services, keyId: apiKeyId!, requests: messages.length - 1 });
      next();
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== "rate_limited") throw error;
      const { perMinute } = services.config.apiKeys;
      const what = `This API key may make ${perMinute} requests a minute, and each message of a batch is one:`;
      const advice =
        messages.length > perMinute
          ? `send at most ${perMinute} messages in a batch.`
          : `this batch of ${messages.length} is more than is left, and none of it ran. Try again in ${String(error.details.retryAfterSeconds)} s.`;
      throw new AppError("rate_limited", `${what} ${advice}`, error.details, error.headers);
    }
  };
}
