// Reads a gzipped tarball (npm's package layout) into its files, for tests of what Motif packs.
import { gunzipSync } from "node:zlib";

/** Each regular file of the tarball by its path, as it is inside (package/…). */
export function readTarball(data: Buffer): Map<string, Buffer> {
  const tar = gunzipSync(data);
  const files = new Map<string, Buffer>();
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const text = (start: number, length: number) =>
      header
        .subarray(start, start + length)
        .toString("utf8")
        .replace(/\0.*$/s, "");
    const size = parseInt(text(124, 12).trim() || "0", 8);
    const prefix = text(345, 155);
    const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
    const type = text(156, 1);
    if (type === "0" || type === "") files.set(name, tar.subarray(offset + 512, offset + 512 + size));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}
