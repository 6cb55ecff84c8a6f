// The images the fake Gemini API draws: opaque, of the size asked, a circle whose colour
// follows the prompt on a background that honours an asked key colour (a little off, as models
// paint it); rendered once per size, colours and format.
import sharp from "sharp";
import { paintedBackground } from "../painted-background.ts";

const COLOURS = ["#f4a23c", "#2a9d8f", "#e76f51", "#264653", "#8e5cf7", "#3a86ff"];

// Rendered once per (size, colour, format): the fake should cost its configured latency, not CPU.
const rendered = new Map<string, Promise<string>>();

export function renderImageBase64(options: { width: number; height: number; seedText: string; mimeType: string }) {
  let hash = 0;
  for (const c of options.seedText) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  const colour = COLOURS[hash % COLOURS.length]!;
  const background = paintedBackground(options.seedText, [-8, -11, 6]);
  const key = `${options.width}x${options.height}|${colour}|${background}|${options.mimeType}`;
  if (!rendered.has(key)) {
    const { width, height } = options;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${background}"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="${colour}"/></svg>`;
    // Gemini's images are opaque: no alpha channel.
    const image = sharp(Buffer.from(svg)).flatten({ background });
    const encoded =
      options.mimeType === "image/jpeg" ? image.jpeg() : options.mimeType === "image/webp" ? image.webp() : image.png();
    rendered.set(
      key,
      encoded.toBuffer().then((data) => data.toString("base64")),
    );
  }
  return rendered.get(key)!;
}
