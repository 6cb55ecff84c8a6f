import { existsSync } from "node:fs";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { coloursIn } from "#domain/colour-words";
import { paletteFromDescription } from "#domain/palette";
import type { StyleView } from "#domain/styles";
import { generationJobs, styles } from "#server/db/schema";
import { testDatabases } from "../support/databases";
import { balanceOf, createStyleThroughApi, grantCredits, json, ledgerSum, runJob } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi } from "../support/test-server";

const png = (colour: string, size = 16) =>
  sharp({ create: { width: size, height: size, channels: 4, background: colour } })
    .png()
    .toBuffer();

describe.each(testDatabases)("editing styles on $name", (target) => {
  const api = setUpSignedInApi(target, "ann@example.com");

  const listStyles = async (cookie = api.user.cookie) =>
    (await json<{ styles: StyleView[] }>(await api.server.call("/api/styles", { cookie }))).styles;
  const styleView = async (id: string) => (await listStyles()).find((s) => s.id === id)!;
  const patch = (id: string, body: unknown) =>
    api.server.call(`/api/styles/${id}`, { method: "PATCH", cookie: api.user.cookie, json: body });
  const anchorFiles = (styleId: string) =>
    api.files.filesUnder(`users/${api.user.userId}/styles/${styleId}`).filter((f) => !f.includes("/references/"));

  it("marks the samples as made for the earlier settings after an edit, until kept", async () => {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie, { name: "Stale" });
    expect((await styleView(styleId)).samplesStale).toEqual([]);

    // The name and a detail that makes the same samples (High samples are made at Standard) change nothing.
    await patch(styleId, { name: "Renamed" });
    expect((await styleView(styleId)).samplesStale).toEqual([]);

    const edited = await patch(styleId, { description: "Muted watercolour, sage and rose", defaultSize: "portrait" });
    expect(edited.status).toBe(200);
    // The palette the old words made follows the new ones.
    expect((await json<{ style: { samplesStale: string[] } }>(edited)).style.samplesStale).toEqual([
      "description",
      "palette",
      "size",
    ]);
    const view = await styleView(styleId);
    expect(view.samplesStale).toEqual(["description", "palette", "size"]);
    const [row] = await api.database.db.select().from(styles).where(eq(styles.id, styleId));
    expect(row!.prompt).toContain("Muted watercolour, sage and rose");

    const keep = await api.server.call(`/api/styles/${styleId}/samples/keep`, {
      method: "POST",
      cookie: api.user.cookie,
    });
    expect(keep.status).toBe(200);
    expect((await styleView(styleId)).samplesStale).toEqual([]);
    expect((await styleView(styleId)).anchors).toHaveLength(4);
  });

  it("makes the palette again from new words when no one chose its colours, and keeps colours chosen by hand", async () => {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie, {
      name: "Following",
      description: "Flat icons in lavender",
    });
    expect((await styleView(styleId)).palette).toEqual(paletteFromDescription("Flat icons in lavender"));
    const edited = await patch(styleId, { description: "Flat icons in mint and coral" });
    expect(edited.status).toBe(200);
    const view = await styleView(styleId);
    expect(view.palette).toEqual(paletteFromDescription("Flat icons in mint and coral"));
    expect(view.palette.slice(0, 2)).toEqual(coloursIn("mint coral"));
    expect(view.samplesStale).toContain("palette");
    const [row] = await api.database.db.select().from(styles).where(eq(styles.id, styleId));
    expect(row!.prompt).toContain(`Colour palette: ${view.palette.join(", ")}.`);

    // Chosen by hand: new words leave the colours alone.
    await patch(styleId, { palette: ["#112233", "#445566"] });
    await patch(styleId, { description: "Flat icons in red" });
    expect((await styleView(styleId)).palette).toEqual(["#112233", "#445566"]);
    // Words and colours sent together: the colours sent win.
    await patch(styleId, { description: "Flat icons in navy", palette: ["#abcdef"] });
    expect((await styleView(styleId)).palette).toEqual(["#abcdef"]);
  });

  it("edits the palette directly and writes it into the style prompt", async () => {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie, { name: "Palette" });
    const response = await patch(styleId, { palette: ["#112233", "#AABBCC"] });
    expect(response.status).toBe(200);
    const view = await styleView(styleId);
    expect(view.palette).toEqual(["#112233", "#aabbcc"]);
    expect(view.samplesStale).toEqual(["palette"]);
    const [row] = await api.database.db.select().from(styles).where(eq(styles.id, styleId));
    expect(row!.prompt).toContain("Colour palette: #112233, #aabbcc.");

    const bad = await patch(styleId, { palette: ["red"] });
    expect(bad.status).toBe(400);
    expect((await json<{ error: { fields: { message: string }[] } }>(bad)).error.fields[0]!.message).toBe(
      "Use a colour like #2a9d8f.",
    );
    expect((await patch(styleId, { palette: [] })).status).toBe(400);
    expect((await patch(styleId, { palette: Array(9).fill("#000000") })).status).toBe(400);
  });

  it("regenerates the samples for the new settings at the price shown, replacing the old ones and their files", async () => {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie, { name: "Regenerate" });
    const before = await styleView(styleId);
    const oldFiles = anchorFiles(styleId);
    expect(oldFiles.length).toBeGreaterThanOrEqual(4);
    await patch(styleId, { defaultDetail: "standard", defaultSize: "landscape" });

    const balance = await balanceOf(api.database.db, api.user.userId);
    const regenKey = crypto.randomUUID();
    const response = await api.server.call(`/api/styles/${styleId}/samples`, {
      method: "POST",
      cookie: api.user.cookie,
      headers: { "Idempotency-Key": regenKey },
    });
    expect(response.status).toBe(201);
    const { job } = await json<{ job: { id: string; credits: number } }>(response);
    // Four Standard landscape samples: 4 × 12.
    expect(job.credits).toBe(48);
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(balance - 48);
    // A repeat with the same key is the same job, not a second charge.
    const again = await api.server.call(`/api/styles/${styleId}/samples`, {
      method: "POST",
      cookie: api.user.cookie,
      headers: { "Idempotency-Key": regenKey },
    });
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await json<{ job: { id: string } }>(again)).job.id).toBe(job.id);
    // Old samples are gone with their files; the flag is gone too.
    for (const file of oldFiles) expect(existsSync(file)).toBe(false);
    expect((await styleView(styleId)).anchors).toHaveLength(0);
    // Asked again (without a key) while that job is unfinished: the same job, not a second charge.
    const meanwhile = await api.server.call(`/api/styles/${styleId}/samples`, {
      method: "POST",
      cookie: api.user.cookie,
    });
    expect(meanwhile.status).toBe(200);
    expect((await json<{ job: { id: string } }>(meanwhile)).job.id).toBe(job.id);

    expect((await runJob(api.server, job.id))?.status).toBe("succeeded");
    const after = await styleView(styleId);
    expect(after.anchors).toHaveLength(4);
    expect(after.anchors.map((a) => a.id)).not.toEqual(before.anchors.map((a) => a.id));
    expect(after.anchors.every((a) => a.width === 1536 && a.height === 1024)).toBe(true);
    expect(after.samplesStale).toEqual([]);
    // Paid for the four samples kept, once.
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(balance - 48);
    expect(await ledgerSum(api.database.db, api.user.userId)).toBe(await balanceOf(api.database.db, api.user.userId));
  });

  it("keeps the old samples when the balance cannot pay for new ones", async () => {
    const poor = await signInThroughApi(api.server, "poor@example.com");
    const { styleId } = await createStyleThroughApi(api.server, poor.cookie, { name: "Poor" });
    await api.server.call(`/api/styles/${styleId}`, {
      method: "PATCH",
      cookie: poor.cookie,
      json: { defaultDetail: "high", defaultSize: "portrait" },
    });
    await grantCredits(api.database.db, poor.userId, -(await balanceOf(api.database.db, poor.userId)) + 10);
    const response = await api.server.call(`/api/styles/${styleId}/samples`, { method: "POST", cookie: poor.cookie });
    expect(response.status).toBe(402);
    expect((await json<{ error: { details: { price: number } } }>(response)).error.details.price).toBe(48);
    const view = (await listStyles(poor.cookie)).find((s) => s.id === styleId)!;
    expect(view.anchors).toHaveLength(4);
    expect(view.samplesStale).toEqual(["size", "detail"]);
    expect(
      (await api.server.call(`/api/styles/${styleId}/samples`, { method: "POST", cookie: api.user.cookie })).status,
    ).toBe(404);
  });

  it("lets a new account try High detail with its grant: samples at Standard, then a High image", async () => {
    const fresh = await signInThroughApi(api.server, "fresh@example.com");
    expect(await balanceOf(api.database.db, fresh.userId)).toBe(100);
    const { styleId, sampleJobId } = await createStyleThroughApi(api.server, fresh.cookie, {
      name: "High",
      detail: "high",
      size: "portrait",
    });
    const [samples] = await api.database.db.select().from(generationJobs).where(eq(generationJobs.id, sampleJobId));
    expect(samples!.credits).toBe(48);
    expect((samples!.params as { detail: string }).detail).toBe("standard");
    const objects = await api.server.call("/api/objects", {
      method: "POST",
      cookie: fresh.cookie,
      json: { styleId, subjects: ["potion"], size: "portrait", detail: "high", transparent: true, variations: 1 },
    });
    expect(objects.status).toBe(202);
    expect(await balanceOf(api.database.db, fresh.userId)).toBe(100 - 48 - 45);
  });

  it("creates a style from reference images alone, with words derived from them", async () => {
    const form = new FormData();
    form.set("name", "Only images");
    form.set("defaultDetail", "draft");
    form.append("references", new Blob([new Uint8Array(await png("#ff2200"))]), "red.png");
    const response = await api.server.call("/api/styles", { method: "POST", body: form, cookie: api.user.cookie });
    expect(response.status).toBe(201);
    const { style } = await json<{ style: { id: string } }>(response);
    const view = await styleView(style.id);
    expect(view.description).toBe("");
    expect(view.source).toBe("image");
    expect(view.derivedDescription).toMatch(/^In the look of the reference image: /);
    expect(view.derivedDescription).toContain("vivid, saturated colour");
    const [row] = await api.database.db.select().from(styles).where(eq(styles.id, style.id));
    expect(row!.prompt.startsWith(view.derivedDescription!)).toBe(true);

    const none = new FormData();
    none.set("name", "Nothing");
    const refused = await api.server.call("/api/styles", { method: "POST", body: none, cookie: api.user.cookie });
    expect(refused.status).toBe(400);
    expect((await json<{ error: { message: string } }>(refused)).error.message).toBe(
      "Describe the style in a few words, or add reference images.",
    );
  });

  it("makes line art of a description that does not say how shapes are drawn, when its references are line art", async () => {
    const lineArt = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#fff"/><g fill="none" stroke="#1d3557" stroke-width="6"><circle cx="128" cy="110" r="64"/><path d="M128 174 V232"/></g></svg>`,
      ),
    )
      .png()
      .toBuffer();
    const promptOf = async (description: string) => {
      const { styleId } = await createStyleThroughApi(api.server, api.user.cookie, {
        name: description,
        description,
        references: [lineArt],
      });
      const [row] = await api.database.db.select().from(styles).where(eq(styles.id, styleId));
      // The description is the style's, shown as typed; the references' words are not shown beside it.
      const view = await styleView(styleId);
      expect(view.description).toBe(description);
      expect(view.derivedDescription).toBeNull();
      return row!.prompt;
    };
    expect(await promptOf("Cosy autumn icons")).toContain("Cosy autumn icons; line art with clean, even strokes");
    // Words that say how shapes are drawn win over the references.
    expect(await promptOf("Filled autumn icons")).not.toContain("line art");
  });

  it("adds and removes reference images later, removing their files and keeping 1–5", async () => {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie, {
      name: "Refs",
      description: "",
      references: [await png("#2255ff")],
    });
    const refsFolder = `users/${api.user.userId}/styles/${styleId}/references`;
    const add = async (count: number) => {
      const form = new FormData();
      for (let i = 0; i < count; i++)
        form.append("references", new Blob([new Uint8Array(await png("#22aa44"))]), `green-${i}.png`);
      return api.server.call(`/api/styles/${styleId}/references`, {
        method: "POST",
        body: form,
        cookie: api.user.cookie,
      });
    };
    const added = await add(2);
    expect(added.status).toBe(201);
    const { references } = await json<{ references: { id: string; url: string }[] }>(added);
    expect(references).toHaveLength(2);
    expect(api.files.filesUnder(refsFolder)).toHaveLength(3);
    const view = await styleView(styleId);
    expect(view.references).toHaveLength(3);
    expect(view.samplesStale).toEqual(["references"]);
    expect(view.derivedDescription).toMatch(/^In the look of the 3 reference images/);

    const tooMany = await add(3);
    expect(tooMany.status).toBe(400);
    expect((await json<{ error: { message: string } }>(tooMany)).error.message).toBe("Add at most 2 reference images.");
    expect((await add(2)).status).toBe(201);
    const full = await add(1);
    expect(full.status).toBe(409);
    expect((await json<{ error: { message: string } }>(full)).error.message).toBe(
      "This style already has 5 reference images, the most it can have. Remove one first.",
    );

    // An optimised size made of a reference goes with it.
    const target = references[0]!;
    expect((await api.server.call(`/api/image?url=${target.url}&w=320`, { cookie: api.user.cookie })).status).toBe(200);
    const before = api.files.filesUnder(refsFolder).filter((f) => f.includes(target.id));
    expect(before.length).toBe(2);
    const removed = await api.server.call(`/api/styles/${styleId}/references/${target.id}`, {
      method: "DELETE",
      cookie: api.user.cookie,
    });
    expect(removed.status).toBe(200);
    expect(api.files.filesUnder(refsFolder).filter((f) => f.includes(target.id))).toEqual([]);
    expect((await styleView(styleId)).references).toHaveLength(4);
    expect((await api.server.call(target.url, { cookie: api.user.cookie })).status).toBe(404);

    const others = (await styleView(styleId)).references;
    for (const ref of others.slice(1))
      expect(
        (
          await api.server.call(`/api/styles/${styleId}/references/${ref.id}`, {
            method: "DELETE",
            cookie: api.user.cookie,
          })
        ).status,
      ).toBe(200);
    const last = await api.server.call(`/api/styles/${styleId}/references/${others[0]!.id}`, {
      method: "DELETE",
      cookie: api.user.cookie,
    });
    expect(last.status).toBe(409);
    expect(api.files.filesUnder(refsFolder)).toHaveLength(1);
    expect(
      (
        await api.server.call(`/api/styles/${styleId}/references/${others[0]!.id}`, {
          method: "DELETE",
          cookie: (await signInThroughApi(api.server, "eve@example.com")).cookie,
        })
      ).status,
    ).toBe(404);
  });
});
