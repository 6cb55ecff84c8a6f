import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { testDatabases } from "../support/databases";
import { balanceOf, grantCredits, json } from "../support/factories";
import { PUBLIC_URL, signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

const BOUNDARY = "----motif-test-boundary";

/** The start of a multipart body: text fields, then the header of one file part. */
function multipartHead(fields: Record<string, string>): Buffer {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="references"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return Buffer.from(parts.join(""));
}

/**
 * Starts an upload that declares `declaredBytes` but sends only its first `sendBytes`,
 * and resolves with the answer if one comes while the rest is still held back.
 */
function partialUpload(
  server: ApiTestServer,
  options: { cookie: string; path: string; fields: Record<string, string>; declaredBytes: number; sendBytes: number },
): Promise<{ status: number; body: string; request: http.ClientRequest }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.url}${options.path}`, {
      method: "POST",
      headers: {
        Origin: PUBLIC_URL,
        Cookie: options.cookie,
        "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
        "Content-Length": String(options.declaredBytes),
      },
    });
    request.on("response", (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body, request }));
    });
    request.on("error", reject);
    const head = multipartHead(options.fields);
    request.write(Buffer.concat([head, Buffer.alloc(Math.max(0, options.sendBytes - head.length), 7)]));
    // The rest of the body is never sent: an answer can only come from a server that did not wait for it.
  });
}

describe.each(testDatabases)("style uploads on $name", (target) => {
  let database: DatabaseHandle;
  let server: ApiTestServer;
  let temporary: string;
  const originalTmp = process.env.TMPDIR;

  /** Upload folders still on disk. */
  const uploadFolders = () => readdirSync(temporary).filter((name) => name.startsWith("motif-upload-"));

  beforeAll(async () => {
    // A private temporary folder, so the test sees only this server's upload folders.
    temporary = mkdtempSync(path.join(tmpdir(), "motif-uploads-test-"));
    process.env.TMPDIR = temporary;
    database = await target.open();
    server = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "1000", MAX_UPLOAD_MB: "10" });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
    if (originalTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = originalTmp;
    rmSync(temporary, { recursive: true, force: true });
  });

  /** Signs `email` in, adds `grant` to the balance, and starts an 8 MB style upload that sends only `sendBytes`. */
  async function uploadAfterGrant(email: string, grant: number, fields: Record<string, string>, sendBytes: number) {
    const user = await signInThroughApi(server, email);
    await grantCredits(database.db, user.userId, grant);
    const { status, body, request } = await partialUpload(server, {
      cookie: user.cookie,
      path: "/api/styles",
      fields,
      declaredBytes: 8 * 1024 * 1024,
      sendBytes,
    });
    request.destroy();
    return { user, status, body };
  }

  it("refuses a 0-credit account's upload with 402 before reading its body", async () => {
    const fields = { name: "Free ride", description: "Flat icons" };
    const { status, body } = await uploadAfterGrant("broke@example.com", -100, fields, 16 * 1024);
    expect(status).toBe(402);
    expect(JSON.parse(body)).toMatchObject({
      error: { code: "payment_required", details: { price: 12, balance: 0 } },
    });
    expect(uploadFolders()).toEqual([]);
  });

  it("refuses before the body a request larger than five images could be", async () => {
    const ann = await signInThroughApi(server, "ann@example.com");
    const { status, body, request } = await partialUpload(server, {
      cookie: ann.cookie,
      path: "/api/styles",
      fields: { name: "Huge" },
      declaredBytes: 60 * 1024 * 1024,
      sendBytes: 16 * 1024,
    });
    request.destroy();
    expect(status).toBe(400);
    expect(JSON.parse(body).error.message).toBe("The upload is too large: add at most 5 images of up to 10 MB each.");
    expect(uploadFolders()).toEqual([]);
  });

  it("refuses at the first file when the chosen settings cost more than the balance, and writes no file", async () => {
    const fields = { name: "Portrait", description: "Tall icons", defaultSize: "portrait", defaultDetail: "high" };
    const { user: short, status, body } = await uploadAfterGrant("short@example.com", -80, fields, 64 * 1024);
    expect(status).toBe(402);
    expect(JSON.parse(body).error.details).toEqual({ price: 48, balance: 20 });
    await vi.waitFor(() => expect(uploadFolders()).toEqual([]));
    expect(await balanceOf(database.db, short.userId)).toBe(20);
  });

  it("removes the temporary files after a style is made, after a non-image, and after a client gives up", async () => {
    const bea = await signInThroughApi(server, "bea@example.com");
    const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#2a9d8f" } })
      .png()
      .toBuffer();
    const send = (file: Buffer, name: string) => {
      const form = new FormData();
      form.set("name", name);
      form.set("defaultDetail", "draft");
      form.append("references", new Blob([new Uint8Array(file)]), `${name}.png`);
      return server.call("/api/styles", { method: "POST", body: form, cookie: bea.cookie });
    };
    expect((await send(image, "good")).status).toBe(201);
    expect(uploadFolders()).toEqual([]);

    const text = await send(Buffer.from("%PDF-1.7 not an image at all"), "fake");
    expect(text.status).toBe(400);
    expect((await json<{ error: { message: string } }>(text)).error.message).toBe(
      "fake.png is not an image we can read. Use PNG, JPEG or WebP.",
    );
    expect(uploadFolders()).toEqual([]);

    // A client that stops half-way through a file: its partial file goes too.
    const request = http.request(`${server.url}/api/styles`, {
      method: "POST",
      headers: {
        Origin: PUBLIC_URL,
        Cookie: bea.cookie,
        "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
        "Content-Length": String(4 * 1024 * 1024),
      },
    });
    request.on("error", () => {});
    request.write(
      Buffer.concat([multipartHead({ name: "Gone", defaultDetail: "draft" }), Buffer.alloc(256 * 1024, 1)]),
    );
    await vi.waitFor(() => expect(uploadFolders()).toHaveLength(1));
    request.destroy();
    await vi.waitFor(() => expect(uploadFolders()).toEqual([]), { timeout: 10_000 });
    expect(await balanceOf(database.db, bea.userId)).toBe(100 - 12);
  });
});
