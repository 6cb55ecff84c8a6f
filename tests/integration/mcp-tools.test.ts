// The MCP server's tools at work, driven by the SDK's own client over Streamable HTTP with an API
// key: a style and a set made, the job waited for, the images back as pictures and links; an
// upscale, new views, variations, a cancel and a background removed, each within the user's records.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import {
  balanceOf,
  createStyleThroughApi,
  grantCredits,
  posingPreview,
  runJob,
  submitObjects,
} from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi } from "../support/test-server";
import {
  call,
  callError,
  callOk,
  closeClientsAfterEach,
  connect,
  createKey,
  textOf,
  type JobAnswer,
} from "./mcp-helpers";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

closeClientsAfterEach();

describe.each(testDatabases)("the MCP server on $name", (target) => {
  // A preview engine that can pose, so draw_views makes its job (the real one refuses views).
  const api = setUpSignedInApi(target, "ann-mcp@example.com", { provider: posingPreview() });

  it("makes a style, generates a set in it, waits for the job and returns the images as PNGs and links", async () => {
    const { secret } = await createKey(api.server, api.user.cookie);
    const client = await connect(api.server, secret);
    const before = await balanceOf(api.database.db, api.user.userId);

    const created = await callOk<{
      style: { id: string; defaults: { size: string; detail: string; transparent: boolean; model: string } };
      sampleJob: { id: string; status: string; credits: number };
    }>(client, "create_style", {
      name: "Inventory",
      description: "Hand-painted fantasy inventory icons, warm parchment palette",
      detail: "draft",
    });
    expect(created.style.defaults).toEqual({ size: "square", detail: "draft", transparent: true, model: "offline" });
    expect(created.sampleJob).toMatchObject({ status: "queued", credits: 12 });
    await runJob(api.server, created.sampleJob.id);
    const samples = await callOk<JobAnswer>(client, "get_job", { jobId: created.sampleJob.id });
    expect(samples.job.status).toBe("succeeded");
    expect(samples.images).toHaveLength(4);

    const listed = await callOk<{
      balance: number;
      styles: { id: string; name: string; sampleCount: number; defaults: { detail: string } }[];
      presets: { id: string }[];
      models: { id: string; default: boolean; pricesPerImage: { draft: { square: number } } }[];
    }>(client, "list_styles");
    expect(listed.balance).toBe(before - 12);
    expect(listed.styles).toContainEqual(
      expect.objectContaining({ id: created.style.id, name: "Inventory", sampleCount: 4 }),
    );
    expect(listed.presets.map((p) => p.id)).toContain("preset:pixel");
    expect(listed.models).toContainEqual(
      expect.objectContaining({
        id: "offline",
        default: true,
        pricesPerImage: expect.objectContaining({ draft: { square: 3, other: 5 } }),
      }),
    );

    // Size, detail and transparency come from the style: three draft squares at 3 credits.
    const subjects = ["Health potion", "Iron sword", "Leather boots"];
    const generated = await callOk<{
      job: { id: string; status: string; total: number; credits: number };
      settings: { size: string; detail: string; transparent: boolean };
      objects: { id: string; name: string }[];
    }>(client, "generate_objects", { styleId: created.style.id, subjects });
    expect(generated.job).toMatchObject({ status: "queued", total: 3, credits: 9 });
    expect(generated.settings).toMatchObject({ size: "square", detail: "draft", transparent: true });
    expect(generated.objects.map((o) => o.name)).toEqual(subjects);
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before - 12 - 9);

    const queued = await callOk<JobAnswer>(client, "get_job", { jobId: generated.job.id });
    expect(queued.job).toMatchObject({ status: "queued", completed: 0, total: 3 });
    expect(queued.images).toEqual([]);
    await runJob(api.server, generated.job.id);
    const done = await callOk<JobAnswer>(client, "get_job", { jobId: generated.job.id });
    expect(done.job).toMatchObject({ status: "succeeded", completed: 3, total: 3, refundedCredits: 0 });
    expect(done.images.map((i) => i.subject)).toEqual(subjects);

    const result = await call(client, "get_images", { jobId: generated.job.id });
    expect(result.isError).toBeFalsy();
    const pictures = result.content.filter((c) => c.type === "image");
    expect(pictures).toHaveLength(3);
    for (const picture of pictures) {
      expect(picture.mimeType).toBe("image/png");
      const bytes = Buffer.from(picture.data, "base64");
      expect(bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
      const meta = await sharp(bytes).metadata();
      expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(512);
      expect(meta.hasAlpha).toBe(true);
    }
    expect(textOf(result)).toMatch(/Authorization: Bearer/);
    const { images } = result.structuredContent as { images: { id: string; url: string }[] };
    expect(images.map((i) => i.id)).toEqual(done.images.map((i) => i.id));
    for (const image of images) {
      expect(image.url).toBe(`${api.server.config.publicUrl}/api/images/${image.id}`);
      expect(textOf(result)).toContain(image.url);
    }
    // The link is the JSON API's image route: it serves the full file to the same key, and to nobody without one.
    const path = new URL(images[0]!.url).pathname;
    const full = await fetch(`${api.server.url}${path}`, { headers: { Authorization: `Bearer ${secret}` } });
    expect(full.status).toBe(200);
    expect((await sharp(Buffer.from(await full.arrayBuffer())).metadata()).width).toBe(1024);
    expect((await fetch(`${api.server.url}${path}`)).status).toBe(401);

    // By objects, at a chosen size, a page at a time.
    const byObjects = await call(client, "get_images", {
      objectIds: generated.objects.slice(1).map((o) => o.id),
      size: 128,
      offset: 1,
    });
    const small = byObjects.content.filter((c) => c.type === "image");
    expect(small).toHaveLength(1);
    expect((await sharp(Buffer.from(small[0]!.data, "base64")).metadata()).width).toBeLessThanOrEqual(128);
    expect(byObjects.structuredContent).toMatchObject({ total: 2, offset: 1, images: [{ id: done.images[2]!.id }] });
  });

  it("acts in the team a key was made for: its styles, its balance, and the member's name on what it makes", async () => {
    const made = await api.server.call("/api/teams", {
      method: "POST",
      cookie: api.user.cookie,
      json: { name: "Agents" },
    });
    const { team } = (await made.json()) as { team: { id: string } };
    await grantCredits(api.database.db, team.id, 100);
    const { styleId } = await createStyleThroughApi(api.server, `${api.user.cookie}; motif_workspace=${team.id}`, {
      name: "Team look",
    });
    const { secret } = await createKey(api.server, api.user.cookie, { name: "Team agent", workspaceId: team.id });
    const client = await connect(api.server, secret);
    const listed = await callOk<{ balance: number; styles: { id: string; name: string }[] }>(client, "list_styles");
    expect(listed.styles.map((s) => s.id)).toEqual([styleId]);
    expect(listed.balance).toBe(await balanceOf(api.database.db, team.id));
    expect(listed.balance).toBeLessThan(100);
    // The person's own styles are not the team's.
    const own = await callOk<{ styles: { name: string }[] }>(
      await connect(api.server, (await createKey(api.server, api.user.cookie, { name: "Own agent" })).secret),
      "list_styles",
    );
    expect(own.styles.map((s) => s.name)).not.toContain("Team look");
    // A retried call with the same idempotencyKey pays the team once.
    const before = await balanceOf(api.database.db, team.id);
    const args = { styleId, subjects: ["Banner"], idempotencyKey: "team-agent-retry-0001" };
    const first = await callOk<{ job: { id: string } }>(client, "generate_objects", args);
    const again = await callOk<{ job: { id: string } }>(client, "generate_objects", args);
    expect(again.job.id).toBe(first.job.id);
    expect(await balanceOf(api.database.db, team.id)).toBe(before - 3);
  });

  it("upscales an image of an object for free, once per factor, and refuses another user's", async () => {
    const { secret } = await createKey(api.server, api.user.cookie);
    const client = await connect(api.server, secret);
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Compass"] });
    await runJob(api.server, set.job.id);
    const objectId = set.objects[0]!.id;
    const [made] = (await callOk<JobAnswer>(client, "get_job", { jobId: set.job.id })).images;
    const before = await balanceOf(api.database.db, api.user.userId);

    const result = await call(client, "upscale_image", { objectId, imageId: made!.id, factor: 2 });
    expect(result.isError).toBeFalsy();
    // The same reply as POST /api/objects/{id}/upscale, after a sentence for the agent.
    const answer = result.structuredContent as {
      image: { id: string; width: number; height: number; url: string; lineage: Record<string, unknown> };
    };
    expect(answer.image).toMatchObject({
      width: 2048,
      height: 2048,
      lineage: { operation: "upscaled", parentImageId: made!.id, factor: 2, method: "basic" },
    });
    expect(textOf(result)).toContain(`Upscaled: image ${answer.image.id}, 2048 × 2048 px, free.`);
    expect(textOf(result)).toContain(`${api.server.config.publicUrl}${answer.image.url}`);
    const full = await fetch(`${api.server.url}${answer.image.url}`, {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect((await sharp(Buffer.from(await full.arrayBuffer())).metadata()).width).toBe(2048);
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before);

    const again = await call(client, "upscale_image", { objectId, imageId: made!.id, factor: 2 });
    expect((again.structuredContent as typeof answer).image.id).toBe(answer.image.id);
    expect(textOf(again)).toMatch(/^Already upscaled: /);
    expect(await callError(client, "upscale_image", { objectId, imageId: made!.id, factor: 3 })).toMatch(/2|4/);

    const bob = await signInThroughApi(api.server, "bob-mcp-upscale@example.com");
    const bobClient = await connect(api.server, (await createKey(api.server, bob.cookie)).secret);
    expect(await callError(bobClient, "upscale_image", { objectId, imageId: made!.id, factor: 4 })).toBe(
      "No such object.",
    );
  });

  it("draws an object in new views as a paid job, and refuses an empty list", async () => {
    const { secret } = await createKey(api.server, api.user.cookie);
    const client = await connect(api.server, secret);
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Knight"] });
    await runJob(api.server, set.job.id);
    const before = await balanceOf(api.database.db, api.user.userId);
    const started = await callOk<{ job: { id: string; total: number; credits: number } }>(client, "draw_views", {
      objectId: set.objects[0]!.id,
      views: ["front view", "back view"],
    });
    expect(started).toMatchObject({ job: { total: 2, kind: "variations" } });
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before - started.job.credits);
    await runJob(api.server, started.job.id);
    const done = await callOk<JobAnswer>(client, "get_job", { jobId: started.job.id });
    expect(done.job).toMatchObject({ status: "succeeded", completed: 2 });
    expect(await callError(client, "draw_views", { objectId: set.objects[0]!.id, views: [] })).toBe(
      "Name at least one view. (views)",
    );
  });

  it("offers the operations that declare a tool with their own checks and replies: variations, a cancel, a background removed", async () => {
    const { secret } = await createKey(api.server, api.user.cookie);
    const client = await connect(api.server, secret);
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Lamp"], transparent: false });
    await runJob(api.server, set.job.id);
    const objectId = set.objects[0]!.id;
    const { tools } = await client.listTools();
    const variationsTool = tools.find((t) => t.name === "make_variations")!;
    // The path's id is the objectId argument; the rest is the body POST /api/objects/{id}/variations takes.
    expect(variationsTool.inputSchema.required).toEqual(["objectId", "count"]);
    expect(Object.keys(variationsTool.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(["objectId", "count", "size", "detail", "transparent", "model", "idempotencyKey"]),
    );

    const before = await balanceOf(api.database.db, api.user.userId);
    const started = await call(client, "make_variations", { objectId, count: 2 });
    const { job } = started.structuredContent as { job: { id: string; total: number; credits: number } };
    expect(job.total).toBe(2);
    expect(textOf(started)).toContain(`Started job ${job.id}: `);
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before - job.credits);
    expect(await callError(client, "make_variations", { objectId, count: 9 })).toMatch(/\(count\)$/);

    // Nobody has run it: cancelling refunds all of it, once; a second cancel is the API's 409 message.
    const cancelled = await callOk<{ job: { status: string }; refunded: number }>(client, "cancel_job", {
      jobId: job.id,
    });
    expect(cancelled).toMatchObject({ job: { status: "canceled" }, refunded: job.credits });
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before);
    expect(await callError(client, "cancel_job", { jobId: job.id })).toMatch(/already/i);

    const [made] = (await callOk<JobAnswer>(client, "get_job", { jobId: set.job.id })).images;
    const cut = await call(client, "remove_background", { objectId, imageId: made!.id });
    expect(cut.isError, textOf(cut)).toBeFalsy();
    const image = (cut.structuredContent as { image: { id: string; hasAlpha: boolean } }).image;
    expect(image.hasAlpha).toBe(true);
    expect(textOf(cut)).toMatch(/^Background removed: /);
    const again = await call(client, "remove_background", { objectId, imageId: made!.id });
    expect((again.structuredContent as { image: { id: string } }).image.id).toBe(image.id);
    expect(textOf(again)).toMatch(/^Its background was removed before: /);
    expect(await callError(client, "remove_background", { objectId })).toBe("Choose an image. (imageId)");
    expect(await callError(client, "remove_background", { imageId: made!.id })).toMatch(/objectId/);
  });
});
