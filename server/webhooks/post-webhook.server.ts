import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import {
  resolvePublicAddress,
  WebhookAddressError,
  type ResolvedAddress,
  type WebhookNetwork,
} from "./address-policy.server";

/** How long a receiver has to answer (headers) before the attempt counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export type PostOutcome =
  | { outcome: "delivered"; status: number }
  /** Worth another attempt later: no answer, a timeout, 429, 5xx, a host not found. */
  | { outcome: "retry"; status: number | null; error: string }
  /** Another attempt would fare no better: another 4xx, a redirect, a refused address. */
  | { outcome: "stop"; status: number | null; error: string };

/**
 * A lookup that answers with the address already checked, whatever the name: the
 * connection goes where the policy said yes, so a DNS answer that changes between the
 * check and the connect (a rebinding) cannot steer it to a private address.
 */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

function request(url: URL, pinned: ResolvedAddress, body: string, headers: Record<string, string>, timeoutMs: number) {
  return new Promise<number>((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(pinned),
        // A fresh connection each time: a pooled one could be to an address checked for another URL.
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        // Only the status matters; the body is not read (it could be endless).
        resolve(res.statusCode ?? 0);
        res.destroy();
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

function describeNetworkError(error: unknown, timeoutMs: number): string {
  const e = error as NodeJS.ErrnoException;
  if (e.name === "TimeoutError" || e.name === "AbortError") return `No answer within ${timeoutMs / 1000} seconds.`;
  if (e.code === "ECONNREFUSED") return "The connection was refused.";
  if (e.code === "ECONNRESET") return "The connection was reset.";
  if (e.code?.startsWith("ERR_TLS") || e.code?.includes("CERT"))
    return `The TLS certificate was not accepted (${e.code}).`;
  return `The request failed (${e.code ?? e.message}).`;
}

/**
 * Posts one webhook: checks the URL's host against the network's policy, connects to the
 * checked address only, never follows a redirect, and says whether to try again.
 */
export async function postWebhook(options: {
  url: string;
  body: string;
  headers: Record<string, string>;
  network: WebhookNetwork;
  timeoutMs?: number;
}): Promise<PostOutcome> {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const url = new URL(options.url);
  let pinned: ResolvedAddress;
  try {
    pinned = await resolvePublicAddress(url, options.network);
  } catch (error) {
    if (!(error instanceof WebhookAddressError)) throw error;
    return { outcome: error.transient ? "retry" : "stop", status: null, error: error.message };
  }
  let status: number;
  try {
    status = await request(url, pinned, options.body, options.headers, timeoutMs);
  } catch (error) {
    return { outcome: "retry", status: null, error: describeNetworkError(error, timeoutMs) };
  }
  if (status >= 200 && status < 300) return { outcome: "delivered", status };
  if (status === 429 || status >= 500) return { outcome: "retry", status, error: `The receiver answered ${status}.` };
  if (status >= 300 && status < 400) {
    return {
      outcome: "stop",
      status,
      error: `The receiver answered with a redirect (${status}); redirects are not followed.`,
    };
  }
  return { outcome: "stop", status, error: `The receiver answered ${status}.` };
}
