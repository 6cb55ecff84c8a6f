import { createWriteStream, existsSync, mkdirSync, readdirSync, renameSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";
import { PGlite } from "@electric-sql/pglite";
import yauzl from "yauzl";
import { openDatabase } from "../db/client.server";
import { lockDataFolder } from "../db/folder-lock.server";

const DATABASE_ENTRY = "database.tar.gz";
const MANIFEST_ENTRY = "motif-backup.json";

/**
 * One file with the embedded database (PGlite's own dump of its data folder) and the image
 * files beside it. Only while Motif is stopped: the database belongs to one process, and the
 * folder lock says so (DatabaseLockedError names the process holding it).
 */
export async function backupEmbedded(options: { dataDir: string; file: string }): Promise<{ files: number }> {
  const database = await openDatabase({ dataDir: path.join(options.dataDir, "db") });
  let dump: Blob;
  try {
    dump = await database.pglite!.dumpDataDir("gzip");
  } finally {
    await database.close();
  }
  const { default: archiver } = await import("archiver");
  const archive = archiver("zip", { zlib: { level: 6 } });
  const written = pipeline(archive, createWriteStream(options.file));
  archive.append(JSON.stringify({ format: 1, createdAt: new Date().toISOString() }), { name: MANIFEST_ENTRY });
  archive.append(Buffer.from(await dump.arrayBuffer()), { name: DATABASE_ENTRY });
  const filesDir = path.join(options.dataDir, "files");
  let files = 0;
  if (existsSync(filesDir)) {
    files = readdirSync(filesDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
    archive.directory(filesDir, "files");
  }
  await archive.finalize();
  await written;
  return { files };
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, strictFileNames: true }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  );
}

function readStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );
}

async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Puts a backup back into DATA_DIR, while Motif is stopped. The database and files there
 * now are kept beside, renamed `*.before-restore-<time>`, so a restore loses nothing.
 */
export async function restoreEmbedded(options: { dataDir: string; file: string }): Promise<{ files: number }> {
  const dbDir = path.join(options.dataDir, "db");
  const filesDir = path.join(options.dataDir, "files");
  mkdirSync(dbDir, { recursive: true });
  const release = lockDataFolder(dbDir);
  try {
    const zip = await openZip(options.file);
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    let dump: Buffer | undefined;
    let files = 0;
    let manifest = false;
    const staging = `${filesDir}.restoring-${stamp}`;
    await new Promise<void>((resolve, reject) => {
      zip.on("error", reject);
      zip.on("end", resolve);
      zip.on("entry", (entry: yauzl.Entry) => {
        void (async () => {
          if (entry.fileName === MANIFEST_ENTRY) manifest = true;
          else if (entry.fileName === DATABASE_ENTRY) dump = await toBuffer(await readStream(zip, entry));
          else if (entry.fileName.startsWith("files/") && !entry.fileName.endsWith("/")) {
            const target = path.join(staging, entry.fileName.slice("files/".length));
            // strictFileNames refuses absolute paths and "..": nothing lands outside the folder.
            await mkdir(path.dirname(target), { recursive: true });
            await pipeline(await readStream(zip, entry), createWriteStream(target));
            files++;
          }
          zip.readEntry();
        })().catch(reject);
      });
      zip.readEntry();
    });
    if (!manifest || !dump) {
      await rm(staging, { recursive: true, force: true });
      throw new Error(`${options.file} is not a Motif backup`);
    }
    if (existsSync(dbDir)) renameSync(dbDir, `${dbDir}.before-restore-${stamp}`);
    if (existsSync(filesDir)) renameSync(filesDir, `${filesDir}.before-restore-${stamp}`);
    if (existsSync(staging)) renameSync(staging, filesDir);
    const restored = await PGlite.create(dbDir, { loadDataDir: new Blob([new Uint8Array(dump)]) });
    await restored.close();
    return { files };
  } finally {
    release();
  }
}
