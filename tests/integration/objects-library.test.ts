import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ObjectDetail, ObjectPage } from "#domain/objects";
import type { DatabaseHandle } from "#server/db/client.server";
import { images } from "#server/db/schema";
import { objectFolder } from "#server/storage/folders.server";
import { testDatabases } from "../support/databases";
import {
  balanceOf,
  createStyleThroughApi,
  insertObjects,
  insertStyle,
  json,
  readZip,
  runJob,
  submitObjects,
  useListableStorage,
} from "../support/factories";
import { signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";
import { cardVariantSizes, cardVariantsSettled } from "#server/images/card-variants.server";
import { derivativeKey } from "#server/images/optimize.server";

type User = { cookie: string; userId: string };

describe.each(testDatabases)("the object library on $name", (target) => {
  let database: DatabaseHandle;
  let server: ApiTestServer;
  let files: ReturnType<typeof useListableStorage>;
  let ann: User;
  let bob: User;
  /** Ann's set: two objects of two images each. */
  let annSet: { setId: string; styleId: string; lamp: ObjectDetail; chair: ObjectDetail };
  let bobObject: ObjectDetail;

  const getObject = async (id: string, user: User) =>
    (await json<{ object: ObjectDetail }>(await server.call(`/api/objects/${id}`, { cookie: user.cookie }))).object;
  const list = async (user: User, query: string) =>
    json<ObjectPage>(await server.call(`/api/objects?${query}`, { cookie: user.cookie }));

  beforeAll(async () => {
    database = await target.open();
    server = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "1000" });
    files = useListableStorage(server);
    ann = await signInThroughApi(server, "ann@example.com");
    bob = await signInThroughApi(server, "bob@example.com");
    const { styleId } = await createStyleThroughApi(server, ann.cookie, { name: "Cosy rooms" });
    const set = await submitObjects(server, ann.cookie, {
      styleId,
      subjects: ["Reading lamp", "Armchair"],
      variations: 2,
    });
    await runJob(server, set.job.id);
    const idOf = (name: string) => set.objects.find((o) => o.name === name)!.id;
    annSet = {
      setId: set.job.id,
      styleId,
      lamp: await getObject(idOf("Reading lamp"), ann),
      chair: await getObject(idOf("Armchair"), ann),
    };
    const bobs = await createStyleThroughApi(server, bob.cookie, { name: "Kites" });
    const bobSet = await submitObjects(server, bob.cookie, { styleId: bobs.styleId, subjects: ["Box kite"] });
    await runJob(server, bobSet.job.id);
    bobObject = await getObject(bobSet.objects[0]!.id, bob);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
    files?.remove();
  });

  it("answers 404 for another user's objects, images, jobs and exports, and never shows their data", async () => {
    const { lamp } = annSet;
    const image = lamp.images[0]!;
    const bobBalance = await balanceOf(database.db, bob.userId);
    const attempts: [string, RequestInit & { json?: unknown }][] = [
      [`/api/objects/${lamp.id}`, {}],
      [`/api/objects/${lamp.id}`, { method: "PATCH", json: { name: "Taken" } }],
      [`/api/objects/${lamp.id}`, { method: "PATCH", json: { coverImageId: bobObject.images[0]!.id } }],
      [`/api/objects/${lamp.id}`, { method: "DELETE" }],
      [`/api/objects/${lamp.id}/variations`, { method: "POST", json: { count: 1 } }],
      [`/api/jobs/${annSet.setId}`, {}],
      [`/api/jobs/${annSet.setId}/cancel`, { method: "POST" }],
      [`/api/images/${image.id}`, {}],
      [`/api/image?url=/api/images/${image.id}&w=320`, {}],
      [`/api/objects/export.zip?ids=${lamp.id}`, {}],
      [`/api/objects/export.zip?setId=${annSet.setId}`, {}],
      [`/api/objects/export.zip?styleId=${annSet.styleId}`, {}],
      [
        "/api/objects",
        {
          method: "POST",
          json: { styleId: annSet.styleId, subjects: ["Stool"], size: "square", detail: "draft", transparent: true },
        },
      ],
    ];
    const secrets = [lamp.name, annSet.chair.name, "Cosy rooms", image.id, image.prompt, String(image.seed)];
    for (const [path, init] of attempts) {
      const response = await server.call(path, { ...init, cookie: bob.cookie });
      expect({ path, method: init.method ?? "GET", status: response.status }).toEqual({
        path,
        method: init.method ?? "GET",
        status: 404,
      });
      const body = await response.text();
      for (const secret of secrets) expect(body).not.toContain(secret);
    }
    expect(await balanceOf(database.db, bob.userId)).toBe(bobBalance);

    // Mixed into a request for his own objects, hers are left out.
    const mixed = await server.call(`/api/objects/export.zip?ids=${bobObject.id},${lamp.id}`, { cookie: bob.cookie });
    expect(mixed.status).toBe(200);
    const zip = await readZip(Buffer.from(await mixed.arrayBuffer()));
    expect(zip.map((e) => e.name).sort()).toEqual(["ATTRIBUTION.txt", "kites-box-kite.png", "manifest.json"]);
    const manifest = zip.find((e) => e.name === "manifest.json")!.data.toString();
    for (const secret of secrets) expect(manifest).not.toContain(secret);

    // Bob's list is his alone; Ann's object is untouched.
    const bobs = await list(bob, "limit=100");
    expect(bobs.objects.map((o) => o.id)).toEqual([bobObject.id]);
    expect((await list(bob, "q=lamp")).objects).toEqual([]);
    expect(await getObject(lamp.id, ann)).toMatchObject({ name: "Reading lamp", coverImageId: lamp.coverImageId });
    expect((await getObject(lamp.id, ann)).images).toHaveLength(2);
    expect((await server.call(image.url, { cookie: ann.cookie })).status).toBe(200);
  });

  describe("listing, searching and paging", () => {
    let carol: User;
    let kitchen: string;
    let garden: string;
    /** Carol's rows as inserted: in the order the API must give them. */
    let rows: { id: string; name: string; createdAt: Date; styleId: string }[];

    beforeAll(async () => {
      carol = await signInThroughApi(server, "carol@example.com");
      kitchen = await insertStyle(database.db, { ownerId: carol.userId, name: "Kitchen" });
      garden = await insertStyle(database.db, { ownerId: carol.userId, name: "Garden" });
      const base = Date.parse("2026-03-01T10:00:00.000Z");
      // 24 kitchen objects, three to each creation time, ids in an order unlike either time or name.
      const generic = Array.from({ length: 24 }, (_, i) => ({
        id: `carol-${String((i * 7) % 24).padStart(2, "0")}`,
        name:
          i === 5
            ? "kettle 04"
            : `${["Kettle", "Whisk", "Ladle"][i % 3]} ${String(Math.floor(i / 3) + 1).padStart(2, "0")}`,
        createdAt: new Date(base + Math.floor(i / 3) * 1000),
        styleId: kitchen,
      }));
      const special = ["Desk lamp", "LAVA LAMP", "100% Cotton Towel", "100 Cotton Mop", "Desk_Mat", "DeskXMat"].map(
        (name, i) => ({ id: `carol-g${i}`, name, createdAt: new Date(base + 3_600_000 + i * 1000), styleId: garden }),
      );
      rows = [...generic, ...special];
      for (const styleId of [kitchen, garden]) {
        await insertObjects(database.db, {
          ownerId: carol.userId,
          styleId,
          rows: rows.filter((r) => r.styleId === styleId),
        });
      }
    });

    /** Every page of a query, `limit` at a time. */
    async function allPages(query: string, limit: number) {
      const ids: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await list(carol, `${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
        expect(page.objects.length).toBeLessThanOrEqual(limit);
        ids.push(...page.objects.map((o) => o.id));
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 20);
      return { ids, pages };
    }

    const byTime = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
      a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1);
    const byName = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
      a.name.toLowerCase() < b.name.toLowerCase()
        ? -1
        : a.name.toLowerCase() > b.name.toLowerCase()
          ? 1
          : a.id < b.id
            ? -1
            : 1;

    it("pages through every object exactly once, in order, for each sort", async () => {
      const oldest = [...rows].sort(byTime).map((r) => r.id);
      expect(await allPages("sort=oldest", 7)).toEqual({ ids: oldest, pages: 5 });
      expect(await allPages("sort=newest", 7)).toEqual({ ids: [...oldest].reverse(), pages: 5 });
      // The default is newest first.
      expect((await list(carol, "limit=3")).objects.map((o) => o.id)).toEqual([...oldest].reverse().slice(0, 3));
      // Kettle 04 and kettle 04 share a name: the id orders them.
      const kitchenByName = rows.filter((r) => r.styleId === kitchen).sort(byName);
      expect(kitchenByName.filter((r) => r.name.toLowerCase() === "kettle 04")).toHaveLength(2);
      expect(await allPages(`sort=name&styleId=${kitchen}`, 7)).toEqual({
        ids: kitchenByName.map((r) => r.id),
        pages: 4,
      });
    });

    it("refuses a garbage, edited or other sort's cursor with 400 instead of starting again at page 1", async () => {
      const first = await list(carol, "sort=oldest&limit=3");
      const cursor = first.nextCursor!;
      const [, key, id] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as string[];
      const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
      const refusals: [string, string][] = [
        ["garbage", "not-a-cursor"],
        ["another sort's", cursor],
        ["an edited key", forge(["oldest", "yesterday", id])],
        ["an edited id", forge(["oldest", key, "x' or 1=1 --"])],
        ["an old two-part one", forge([key, id])],
      ];
      for (const [what, bad] of refusals) {
        const sort = what === "another sort's" ? "newest" : "oldest";
        const response = await server.call(`/api/objects?sort=${sort}&limit=3&cursor=${encodeURIComponent(bad)}`, {
          cookie: carol.cookie,
        });
        expect(response.status, what).toBe(400);
        const { error } = await json<{ error: { message: string } }>(response);
        expect(error.message, what).toMatch(
          what === "another sort's" ? /sorted by oldest, not by newest/ : /The cursor is not valid/,
        );
      }
      // The cursor as given still pages on.
      const second = await list(carol, `sort=oldest&limit=3&cursor=${cursor}`);
      expect(second.objects.map((o) => o.id)).not.toContain(first.objects[0]!.id);
    });

    it("searches names case-insensitively, with % and _ taken literally, and filters by style", async () => {
      const names = async (query: string) =>
        (await list(carol, `sort=name&limit=100&${query}`)).objects.map((o) => o.name);
      expect(await names("q=LAMP")).toEqual(["Desk lamp", "LAVA LAMP"]);
      expect(await names(`q=${encodeURIComponent("%")}`)).toEqual(["100% Cotton Towel"]);
      expect(await names(`q=${encodeURIComponent("0% c")}`)).toEqual(["100% Cotton Towel"]);
      expect(await names("q=_")).toEqual(["Desk_Mat"]);
      expect(await names("q=k_m")).toEqual(["Desk_Mat"]);
      expect(await names("q=cotton")).toEqual(["100 Cotton Mop", "100% Cotton Towel"]);
      expect((await names(`styleId=${garden}`)).sort()).toEqual(
        rows
          .filter((r) => r.styleId === garden)
          .map((r) => r.name)
          .sort(),
      );
      expect(await names(`styleId=${kitchen}&q=lamp`)).toEqual([]);
      const whisks = await list(carol, `styleId=${kitchen}&q=whisk&limit=100`);
      expect(whisks.objects).toHaveLength(8);
      expect(whisks.objects.every((o) => o.style.id === kitchen && o.style.name === "Kitchen")).toBe(true);
      expect(whisks.nextCursor).toBeNull();
    });
  });

  it("renames an object and chooses its cover among its own images only", async () => {
    const { lamp, chair } = annSet;
    const patch = (body: unknown) =>
      server.call(`/api/objects/${lamp.id}`, { method: "PATCH", cookie: ann.cookie, json: body });
    const renamed = await patch({ name: "  Floor lamp  " });
    expect(renamed.status).toBe(200);
    expect((await json<{ object: ObjectDetail }>(renamed)).object.name).toBe("Floor lamp");
    expect((await getObject(lamp.id, ann)).name).toBe("Floor lamp");
    expect((await patch({ name: "" })).status).toBe(400);
    expect((await patch({})).status).toBe(400);

    const second = lamp.images[1]!;
    expect(lamp.coverImageId).toBe(lamp.images[0]!.id);
    const covered = await json<{ object: ObjectDetail }>(await patch({ coverImageId: second.id }));
    expect(covered.object).toMatchObject({ coverImageId: second.id, cover: { id: second.id, url: second.url } });

    const foreign = await patch({ coverImageId: chair.images[0]!.id });
    expect(foreign.status).toBe(400);
    expect((await json<{ error: { message: string } }>(foreign)).error.message).toBe(
      "The cover must be one of this object's images.",
    );
    expect((await getObject(lamp.id, ann)).coverImageId).toBe(second.id);
    expect((await getObject(chair.id, ann)).coverImageId).toBe(chair.images[0]!.id);
  });

  it("deletes an object with its images and files, and nothing else", async () => {
    const { chair, lamp } = annSet;
    const folder = objectFolder(ann.userId, annSet.styleId, chair.id);
    // Each image was stored with the copies the library grids show, made beside it.
    await cardVariantsSettled();
    const originals = files.filesUnder(folder).filter((file) => !file.endsWith(".webp"));
    expect(originals).toHaveLength(2);
    expect(files.filesUnder(folder).sort()).toEqual(
      originals
        .flatMap((file) => [
          file,
          ...cardVariantSizes(1024, { onStage: true }).map((size) => derivativeKey(file, size)),
        ])
        .sort(),
    );
    const response = await server.call(`/api/objects/${chair.id}`, { method: "DELETE", cookie: ann.cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });

    expect((await server.call(`/api/objects/${chair.id}`, { cookie: ann.cookie })).status).toBe(404);
    expect(await database.db.select().from(images).where(eq(images.objectId, chair.id))).toEqual([]);
    for (const image of chair.images) expect((await server.call(image.url, { cookie: ann.cookie })).status).toBe(404);
    expect(files.filesUnder(folder)).toEqual([]);
    expect((await list(ann, "limit=100")).objects.map((o) => o.id)).toEqual([lamp.id]);
    expect(
      files.filesUnder(objectFolder(ann.userId, annSet.styleId, lamp.id)).filter((file) => !file.endsWith(".webp")),
    ).toHaveLength(2);
    expect((await server.call(lamp.images[0]!.url, { cookie: ann.cookie })).status).toBe(200);
    expect((await server.call(`/api/objects/${chair.id}`, { method: "DELETE", cookie: ann.cookie })).status).toBe(404);
  });

  it("keeps a set in the order its subjects were typed", async () => {
    const typed = ["Kettle", "Apron", "Toaster", "Whisk", "Bread bin"];
    const set = await submitObjects(server, ann.cookie, { styleId: annSet.styleId, subjects: typed });
    const oldest = await list(ann, "sort=oldest&limit=100");
    const newest = await list(ann, "sort=newest&limit=100");
    const inSet = (page: ObjectPage) => page.objects.filter((o) => o.setId === set.job.id).map((o) => o.name);
    expect(inSet(oldest)).toEqual(typed);
    expect(inSet(newest)).toEqual([...typed].reverse());
    // The set alone, as the library shows it when opened from its job.
    const only = await list(ann, `setId=${set.job.id}&sort=oldest`);
    expect(only.objects.map((o) => o.name)).toEqual(typed);
  });
});
