/** The image types a reference may be, by their first bytes (the server checks again by decoding). */
export type ReferenceImageType = "png" | "jpeg" | "webp";

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((byte, i) => bytes[offset + i] === byte);

/** The type a file's first 12 bytes say it is, whatever its name or declared type. */
export function sniffImageType(bytes: Uint8Array): ReferenceImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  // "RIFF" …size… "WEBP"
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

const ACCEPTED_MIME = ["image/png", "image/jpeg", "image/webp"];

/**
 * Why a file cannot be a reference image, or null when it can: its declared type and
 * its first bytes must both say PNG, JPEG or WebP, and it must fit the size limit.
 */
export async function referenceFileProblem(file: File, maxBytes: number): Promise<string | null> {
  if (file.type && !ACCEPTED_MIME.includes(file.type))
    return `${file.name} is not an image (it is ${file.type}). Use PNG, JPEG or WebP.`;
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  if (!sniffImageType(head)) return `${file.name} is not a PNG, JPEG or WebP image.`;
  if (file.size > maxBytes) return `${file.name} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`;
  return null;
}
