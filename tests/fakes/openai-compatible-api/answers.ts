// How the fake compatible server answers: LocalAI's error body ({error: {code, message, type}}),
// OpenAI's moderation refusal as a gateway in front of one forwards it, and the images it draws
// (a disc on paper, or on the key colour a prompt asks for, a little off; always opaque, as
// Stable Diffusion draws).
import type { ServerResponse } from "node:http";
import sharp from "sharp";
import { paintedBackground } from "../painted-background.ts";

export function send(res: ServerResponse, status: number, body: unknown) {
  if (res.destroyed) return;
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

export const localAIError = (code: number, message: string, type = "") => ({ error: { code, message, type } });

export const MODERATION_BLOCKED = {
  error: {
    message: "Your request was rejected as a result of our safety system.",
    type: "image_generation_user_error",
    param: null,
    code: "moderation_blocked",
  },
};

const rendered = new Map<string, Promise<Buffer>>();

export function drawImage(width: number, height: number, prompt: string): Promise<Buffer> {
  const background = paintedBackground(prompt, [-4, 5, -3]);
  const key = `${width}x${height}|${background}`;
  if (!rendered.has(key)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${background}"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#8e5cf7"/></svg>`;
    rendered.set(key, sharp(Buffer.from(svg)).flatten({ background }).png().toBuffer());
  }
  return rendered.get(key)!;
}

/** LocalAI's reading of `size`: "WxH", else 512x512; numbers that do not parse are an error. */
export function parseSize(size: string | undefined): [number, number] | null {
  if (!size || !size.includes("x")) return [512, 512];
  const parts = size.split("x");
  if (parts.length !== 2) return null;
  const [width, height] = parts.map((part) => (/^\d+$/.test(part) ? Number(part) : NaN));
  return Number.isNaN(width) || Number.isNaN(height) ? null : [width!, height!];
}
