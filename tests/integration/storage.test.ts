import { S3Client, CreateBucketCommand } from "@aws-sdk/client-s3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage } from "#server/storage/s3-storage.server";
import { createDiskStorage, type FileStorage } from "#server/storage/storage.server";

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "motif-storage-"));
  dirs.push(dir);
  return dir;
};

let s3server: S3rver;
let s3Endpoint: string;
beforeAll(async () => {
  s3server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: tempDir() });
  const address = (await s3server.run()) as AddressInfo;
  s3Endpoint = `http://127.0.0.1:${address.port}`;
  const client = new S3Client({
    region: "us-east-1",
    endpoint: s3Endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  await client.send(new CreateBucketCommand({ Bucket: "motif-test" }));
});
afterAll(async () => {
  await s3server?.close();
  dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

const storages: [string, () => FileStorage][] = [
  ["disk", () => createDiskStorage(tempDir())],
  [
    "s3 (s3rver)",
    () =>
      createS3Storage({
        bucket: "motif-test",
        region: "us-east-1",
        endpoint: s3Endpoint,
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        forcePathStyle: true,
      }),
  ],
];

describe.each(storages)("%s storage", (_name, create) => {
  it("stores, streams, reads and deletes by prefix", async () => {
    const storage = create();
    const body = Buffer.from("png bytes");
    await storage.put("users/u1/styles/s1/a.png", body, "image/png");
    await storage.put("users/u1/styles/s1/b.png", body, "image/png");
    await storage.put("users/u1/styles/s2/c.png", body, "image/png");

    const got = await storage.get("users/u1/styles/s1/a.png");
    expect(got?.size).toBe(body.length);
    expect(await collect(got!.stream)).toEqual(body);
    expect(await storage.read("users/u1/styles/s1/b.png")).toEqual(body);

    await storage.deletePrefix("users/u1/styles/s1");
    expect(await storage.get("users/u1/styles/s1/a.png")).toBeNull();
    expect(await storage.read("users/u1/styles/s1/b.png")).toBeNull();
    expect(await storage.read("users/u1/styles/s2/c.png")).toEqual(body);
  });

  it("deletes one file, and a missing one quietly", async () => {
    const storage = create();
    await storage.put("users/u2/a.webp", Buffer.from("a"), "image/webp");
    await storage.put("users/u2/b.webp", Buffer.from("b"), "image/webp");
    await storage.delete("users/u2/a.webp");
    await storage.delete("users/u2/never-there.webp");
    expect(await storage.read("users/u2/a.webp")).toBeNull();
    expect(await storage.read("users/u2/b.webp")).toEqual(Buffer.from("b"));
  });

  it("keeps one whole file when many write the same key at once", async () => {
    const storage = create();
    const bodies = Array.from({ length: 8 }, (_, i) => Buffer.alloc(64 * 1024, i));
    await Promise.all(bodies.map((body) => storage.put("users/u3/same.webp", body, "image/webp")));
    const kept = await storage.read("users/u3/same.webp");
    expect(bodies.some((body) => body.equals(kept!))).toBe(true);
  });

  it("answers null for a missing file", async () => {
    expect(await create().get("users/nobody/nothing.png")).toBeNull();
  });
});

describe("disk storage keys", () => {
  it("refuses keys that could leave its folder", async () => {
    const storage = createDiskStorage(tempDir());
    for (const key of ["../escape.png", "/etc/passwd", "users/../../x", "a\\b"]) {
      await expect(storage.put(key, Buffer.from("x"), "text/plain")).rejects.toThrow("Unsafe storage key");
    }
  });
});
