import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { copyCache } from "./copy-cache.server";
import { writesSettled } from "./pending-writes.server";

export interface StoredObject {
  stream: Readable;
  size: number;
}

/** Where image files live: a folder by default, an S3-compatible bucket at scale. */
export interface FileStorage {
  kind: "disk" | "s3";
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  read(key: string): Promise<Buffer | null>;
  /** Deletes one object (nothing happens when it is missing). */
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix`. */
  deletePrefix(prefix: string): Promise<void>;
}

const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9/_.-]*$/;

function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`Unsafe storage key: ${key}`);
}

export function createDiskStorage(root: string): FileStorage {
  const full = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    kind: "disk",
    async put(key, body) {
      const target = full(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      // A unique name, so two writers of one key (in any process) never share a temporary file.
      const temporary = `${target}.${randomUUID()}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, target);
    },
    async get(key) {
      try {
        const info = await stat(full(key));
        return { stream: createReadStream(full(key)), size: info.size };
      } catch {
        return null;
      }
    },
    async read(key) {
      try {
        return await readFile(full(key));
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(full(key), { force: true });
      // After, so a read that raced the removal does not leave its copy in memory.
      copyCache.forget(key);
    },
    async deletePrefix(prefix) {
      assertSafeKey(prefix);
      await writesSettled(prefix);
      // A file another process lands in the folder meanwhile fails the removal with ENOTEMPTY:
      // Node tries again, and that writer checks afterwards that its image still exists.
      await rm(path.join(root, prefix), { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
      copyCache.forget(prefix.endsWith("/") ? prefix : `${prefix}/`);
    },
  };
}
