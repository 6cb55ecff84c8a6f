import type { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { BuiltPackage } from "./build-package.server";

/** A fixed date on every entry: the same package built twice is the same bytes. */
const ENTRY_DATE = new Date("2000-01-01T00:00:00Z");

/**
 * Streams a built package into `out`: a gzipped tarball with every file under `package/` (npm's
 * layout, so `npm install ./name-1.0.0.tgz` takes it), or a ZIP of its folder.
 */
export async function writePackageArchive(built: BuiltPackage, out: Writable): Promise<void> {
  const { default: archiver } = await import("archiver");
  const archive =
    built.archive === "tgz"
      ? archiver("tar", { gzip: true, gzipOptions: { level: 9 } })
      : archiver("zip", { zlib: { level: 9 } });
  const delivered = pipeline(archive, out);
  // A reader gone early rejects this at once, before it is awaited below: handled, never unhandled.
  delivered.catch(() => archive.abort());
  const root = built.archive === "tgz" ? "package/" : "";
  for (const [path, content] of Object.entries(built.files).sort(([a], [b]) => a.localeCompare(b))) {
    archive.append(typeof content === "string" ? Buffer.from(content) : content, {
      name: `${root}${path}`,
      date: ENTRY_DATE,
      mode: 0o644,
    });
  }
  await archive.finalize();
  await delivered;
}
