import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { WEBHOOK_RESPONSE_KEPT } from "#domain/webhooks";
import {
  resolvePublicAddress,
  WebhookAddressError,
  type ResolvedAddress,
  type WebhookNetwork,
} from "../net/address-policy.server";

/** How long a receiver has to answer (headers) before the attempt counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** What the receiver answered: its status and the start of its body (null: no answer). */
interface Answered {
  status: number | null;
  /** Up to WEBHOOK_RESPONSE_KEPT bytes of the answer's body, as text; null when there was none. */
  response: string | null;
}

export type PostOutcome = Answered &
  (
    | { outcome: "delivered"; status: number }
    /** Worth another attempt later: no answer, a timeout, 429, 5xx, a host not found. */
    | { outcome: "retry"; error: string }
    /** Another attempt would fare no better: another 4xx, a redirect, a refused address. */
    | { outcome: "stop"; error: string }
  );

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
  return new Promise<{ status: number; response: string | null }>((resolve, reject) => {
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
        // The status decides; the start of the body is kept to show the user. No more is read
        // (it could be endless), and a body cut off by the deadline keeps what came.
        const chunks: Buffer[] = [];
        let kept = 0;
        const done = () => {
          // A character cut in two at the limit is dropped, not shown as a replacement mark.
          const text = Buffer.concat(chunks)
            .subarray(0, WEBHOOK_RESPONSE_KEPT)
            .toString("utf8")
            .replace(/\uFFFD$/, "");
          resolve({ status: res.statusCode ?? 0, response: text || null });
          res.destroy();
        };
        res.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          kept += chunk.length;
          if (kept >= WEBHOOK_RESPONSE_KEPT) done();
        });
        res.on("end", done);
        res.on("error", done);
        res.on("close", done);
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
    return { outcome: error.transient ? "retry" : "stop", status: null, response: null, error: error.message };
  }
  let answered: { status: number; response: string | null };
  try {
    answered = await request(url, pinned, options.body, options.headers, timeoutMs);
  } catch (error) {
    return { outcome: "retry", status: null, response: null, error: describeNetworkError(error, timeoutMs) };
  }
  const { status } = answered;
  if (status >= 200 && status < 300) return { outcome: "delivered", ...answered };
  if (status === 429 || status >= 500) {
    return { outcome: "retry", ...answered, error: `The receiver answered ${status}.` };
  }
  if (status >= 300 && status < 400) {
    return {
      outcome: "stop",
      ...answered,
      error: `The receiver answered with a redirect (${status}); redirects are not followed.`,
    };
  }
  return { outcome: "stop", ...answered, error: `The receiver answered ${status}.` };
}
