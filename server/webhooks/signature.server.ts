import { createHmac } from "node:crypto";

/**
 * The Motif-Signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
 * The timestamp is signed with the body, so a receiver that refuses old timestamps
 * cannot be fed a captured delivery again later.
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
  return `t=${unixSeconds},v1=${mac}`;
}
