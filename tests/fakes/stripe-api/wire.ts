// Stripe's wire format as the fake speaks it: ids, timestamps, the bracketed form encoding,
// webhook signatures, and JSON answers and error bodies.
import { createHmac, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Json } from "./state.ts";

export const API_VERSION = "2026-10-28.endive";
export const now = () => Math.floor(Date.now() / 1000);
export const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

/** Stripe's own form encoding: `a[b][0][c]=v` becomes `{ a: { b: [{ c: "v" }] } }`. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== "");
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const slot = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[slot] = value;
      else container[slot] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
      node = container[slot] as Record<string, unknown>;
    });
  }
  return root;
}

/** The header Stripe sends with each webhook. */
export function stripeSignature(payload: string, secret: string, timestamp = now()): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json", "Request-Id": newId("req") });
  res.end(JSON.stringify(body));
}

export function stripeError(res: ServerResponse, status: number, type: string, message: string, param?: string) {
  sendJson(res, status, { error: { type, message, ...(param ? { param } : {}) } });
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
