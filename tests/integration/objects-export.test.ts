import { randomBytes } from "node:crypto";
import http from "node:http";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { ObjectDetail } from "#domain/objects";
import type { FileStorage } from "#server/storage/storage.server";
import { createRecordingProvider } from "../fakes/recording-provider";
import { testDatabases } from "../support/databases";
import { createStyleThroughApi, json, readZip, runJob, submitObjects } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { PUBLIC_URL } from "../support/test-server";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Manifest {
  objects: {
    name: string;
    style: string;
    images: { file: string; seed: number; size: string; detail: string; transparent: boolean; prompt: string }[];
  }[];
}

/** Storage that counts the files the export opens, and how many are open at once. */
function countingStorage(inner: FileStorage) {
  const counts = { opened: 0, open: 0, maxOpen: 0 };
  const storage: FileStorage = {
    ...inner,
    async get(key) {
      const stored = await inner.get(key);
      if (!stored) return stored;
      counts.opened++;
      counts.maxOpen = Math.max(counts.maxOpen, ++counts.open);
      let done = false;
      const finish = () => {
        if (!done) counts.open--;
        done = true;
      };
      stored.stream.once("end", finish).once("close", finish).once("error", finish);
      return stored;
    },
  };
  return { storage, counts };
}

describe.each(testDatabases)("exporting objects as a ZIP on $name", (target) => {
  const api = setUpSignedInApi(target, "ann@example.com");

  const getObject = async (id: string) =>
    (await json<{ object: ObjectDetail }>(await api.server.call(`/api/objects/${id}`, { cookie: api.user.cookie })))
      .object;
  const fileOf = async (url: string) =>
    Buffer.from(await (await api.server.call(url, { cookie: api.user.cookie })).arrayBuffer());
  const exportZip = (query: string) => api.server.call(`/api/objects/export.zip?${query}`, { cookie: api.user.cookie });

  it("exports a set's covers or every variant, named by style and object, with a manifest", async () => {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie, { name: "Sunny Stickers!" });
    const names = ["Treasure Chest", "Magic Wand", "Café Table"];
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: names, variations: 2 });
    expect((await runJob(api.server, set.job.id))?.status).toBe("succeeded");
    const made: ObjectDetail[] = [];
    for (const name of names) made.push(await getObject(set.objects.find((o) => o.name === name)!.id));
    const slugs = ["treasure-chest", "magic-wand", "cafe-table"];

    const response = await exportZip(`setId=${set.job.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="motif-3-objects.zip"');
    const covers = await readZip(Buffer.from(await response.arrayBuffer()));
    expect(covers.map((e) => e.name).sort()).toEqual(
      // The preview engine drew them from open icon libraries: their credit comes along.
      [...slugs.map((s) => `sunny-stickers-${s}.png`), "manifest.json", "ATTRIBUTION.txt"].sort(),
    );
    for (const [i, object] of made.entries()) {
      const entry = covers.find((e) => e.name === `sunny-stickers-${slugs[i]}.png`)!;
      expect(entry.data.subarray(0, 8)).toEqual(PNG_SIGNATURE);
      expect(await sharp(entry.data).metadata()).toMatchObject({ format: "png", hasAlpha: true, width: 1024 });
      const cover = object.images.find((image) => image.id === object.coverImageId)!;
      expect(entry.data.equals(await fileOf(cover.url))).toBe(true);
    }
    const manifest = JSON.parse(covers.find((e) => e.name === "manifest.json")!.data.toString()) as Manifest;
    // Objects made together share a creation time, so the manifest's order among them is not asserted.
    const byName = <T extends { name: string }>(list: T[]) => [...list].sort((a, b) => a.name.localeCompare(b.name));
    expect(byName(manifest.objects)).toEqual(
      byName(made).map((object) => {
        const i = made.indexOf(object);
        const cover = object.images.find((image) => image.id === object.coverImageId)!;
        return expect.objectContaining({
          name: names[i],
          style: "Sunny Stickers!",
          images: [
            expect.objectContaining({
              file: `sunny-stickers-${slugs[i]}.png`,
              seed: cover.seed,
              prompt: cover.prompt,
              size: "square",
              detail: "draft",
              transparent: true,
            }),
          ],
        });
      }),
    );

    const all = await readZip(Buffer.from(await (await exportZip(`setId=${set.job.id}&images=all`)).arrayBuffer()));
    expect(all.map((e) => e.name).sort()).toEqual(
      [
        ...slugs.flatMap((s) => [1, 2].map((n) => `sunny-stickers-${s}-${n}.png`)),
        "manifest.json",
        "ATTRIBUTION.txt",
      ].sort(),
    );
    for (const [i, object] of made.entries()) {
      for (const [n, image] of object.images.entries()) {
        const entry = all.find((e) => e.name === `sunny-stickers-${slugs[i]}-${n + 1}.png`)!;
        expect(entry.data.equals(await fileOf(image.url))).toBe(true);
      }
    }
    const allManifest = JSON.parse(all.find((e) => e.name === "manifest.json")!.data.toString()) as Manifest;
    expect(byName(allManifest.objects).map((o) => o.images.map((image) => [image.file, image.seed]))).toEqual(
      byName(made).map((o) =>
        o.images.map((image, n) => [`sunny-stickers-${slugs[made.indexOf(o)]}-${n + 1}.png`, image.seed]),
      ),
    );

    // One object names the file after itself; two objects of one name get distinct entries.
    const one = await exportZip(`ids=${made[1]!.id}`);
    expect(one.headers.get("content-disposition")).toBe('attachment; filename="sunny-stickers-magic-wand.zip"');
    const twin = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Magic Wand"] });
    await runJob(api.server, twin.job.id);
    const twins = await readZip(
      Buffer.from(await (await exportZip(`ids=${made[1]!.id},${twin.objects[0]!.id}`)).arrayBuffer()),
    );
    expect(twins.map((e) => e.name).sort()).toEqual([
      "ATTRIBUTION.txt",
      "manifest.json",
      "sunny-stickers-magic-wand-2.png",
      "sunny-stickers-magic-wand.png",
    ]);

    for (const query of ["", `ids=${made[0]!.id}&setId=${set.job.id}`, "images=all", "setId=no-such-set"]) {
      expect((await exportZip(query)).status).toBe(query === "setId=no-such-set" ? 404 : 400);
    }
  });

  it("streams a large export at the reader's pace, one file open at a time", async () => {
    // Incompressible 1 MB images: 40 of them are far more than the socket and archive buffers hold.
    const noisy = createRecordingProvider({
      async draw() {
        const pixels = randomBytes(512 * 512 * 4);
        const data = await sharp(pixels, { raw: { width: 512, height: 512, channels: 4 } })
          .png({ compressionLevel: 0 })
          .toBuffer();
        return { data, format: "png" };
      },
    });
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie, { name: "Static" });
    const subjects = Array.from({ length: 40 }, (_, i) => `Crate ${i + 1}`);
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects });
    expect((await runJob(api.server, set.job.id, noisy))?.status).toBe("succeeded");

    const disk = api.server.services.storage;
    const { storage, counts } = countingStorage(disk);
    api.server.services.storage = storage;
    try {
      const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
        http
          .get(`${api.server.url}/api/objects/export.zip?setId=${set.job.id}`, {
            headers: { Cookie: api.user.cookie, Origin: PUBLIC_URL },
          })
          .once("response", resolve)
          .once("error", reject);
      });
      expect(response.statusCode).toBe(200);
      // The reader takes nothing yet: the server must stop once the buffers between are full.
      response.pause();
      const openedWhileStalled = await settled(() => counts.opened, 40);
      expect(openedWhileStalled).toBeLessThan(40);

      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      const ended = new Promise((resolve, reject) => response.once("end", resolve).once("error", reject));
      response.resume();
      await ended;
      const entries = await readZip(Buffer.concat(chunks));
      expect(entries).toHaveLength(41);
      expect(counts).toMatchObject({ opened: 40, maxOpen: 1, open: 0 });
    } finally {
      api.server.services.storage = disk;
    }
  });

  it("stops and closes its file when the reader goes away mid-download", async () => {
    // One image larger than every buffer between the file and the reader.
    const huge = createRecordingProvider({
      async draw() {
        const pixels = randomBytes(1024 * 1536 * 4);
        const data = await sharp(pixels, { raw: { width: 1024, height: 1536, channels: 4 } })
          .png({ compressionLevel: 0 })
          .toBuffer();
        return { data, format: "png" };
      },
    });
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie, { name: "Huge" });
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Boulder"], size: "portrait" });
    expect((await runJob(api.server, set.job.id, huge))?.status).toBe("succeeded");

    const disk = api.server.services.storage;
    const closed: Promise<void>[] = [];
    api.server.services.storage = {
      ...disk,
      async get(key) {
        const stored = await disk.get(key);
        if (stored) closed.push(new Promise((resolve) => stored.stream.once("close", () => resolve())));
        return stored;
      },
    };
    try {
      const request = http.get(`${api.server.url}/api/objects/export.zip?setId=${set.job.id}`, {
        headers: { Cookie: api.user.cookie, Origin: PUBLIC_URL },
      });
      const response = await new Promise<http.IncomingMessage>((resolve) => request.once("response", resolve));
      await new Promise((resolve) => response.once("data", resolve));
      request.destroy();
      expect(closed).toHaveLength(1);
      // The file is closed as soon as the server sees the reader gone (bounded, not slept on).
      const outcome = await Promise.race([
        closed[0]!.then(() => "closed"),
        new Promise((resolve) => setTimeout(() => resolve("still open after 3 s"), 3000)),
      ]);
      expect(outcome).toBe("closed");
    } finally {
      api.server.services.storage = disk;
    }
  });
});

/**
 * Waits until `read()` stops changing (no change for a while) or reaches `limit`, and
 * answers its value. Only a stall's detection is timed: a slow machine can make the
 * value smaller, never larger, so it cannot make the assertion above fail wrongly.
 */
async function settled(read: () => number, limit: number): Promise<number> {
  let last = -1;
  let quietSince = Date.now();
  for (;;) {
    const value = read();
    if (value >= limit) return value;
    if (value !== last) {
      last = value;
      quietSince = Date.now();
    } else if (Date.now() - quietSince >= 400) {
      return value;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
