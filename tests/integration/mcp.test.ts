// The MCP server at /mcp, driven by the SDK's own client over Streamable HTTP: an agent
// with an API key lists styles, makes a style and a set, waits for the job and gets the
// images back as pictures and links, within the key's cap and the user's own records.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { NO_OAUTH } from "#server/mcp/resource-metadata.server";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { apiKeyMessages, capExceededMessage, type ApiKeyView } from "#domain/api-keys";
import { modelUnavailableMessage } from "#domain/models";
import { testDatabases } from "../support/databases";
import { balanceOf, createStyleThroughApi, json, runJob, submitObjects } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi, type ApiTestServer } from "../support/test-server";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const TOOLS = [
  "ai_upscale_image",
  "cancel_job",
  "create_style",
  "draw_views",
  "edit_image",
  "generate_objects",
  "get_images",
  "get_job",
  "list_styles",
  "make_variations",
  "remove_background",
  "upscale_image",
];

async function createKey(server: ApiTestServer, cookie: string, body: Record<string, unknown> = { name: "Editor" }) {
  const response = await server.call("/api/keys", { method: "POST", cookie, json: body });
  expect(response.status).toBe(201);
  return json<{ key: ApiKeyView; secret: string }>(response);
}

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

/** The SDK's client, connected to /mcp with the key as an editor's MCP configuration sends it. */
async function connect(server: ApiTestServer, secret: string): Promise<Client> {
  const client = new Client({ name: "motif-test-agent", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${secret}` } },
  });
  await client.connect(transport);
  open.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** A tool's structured answer; fails the test with the tool's message when it answered an error. */
async function callOk<T>(client: Client, name: string, args: Record<string, unknown> = {}): Promise<T> {
  const result = await call(client, name, args);
  if (result.isError) throw new Error(`${name} failed: ${textOf(result)}`);
  return result.structuredContent as T;
}

const textOf = (result: CallToolResult) =>
  result.content
    .filter((c) => c.type === "text")
    .map((c) => c.text)
    .join("\n");

/** A tool error's message. */
async function callError(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = await call(client, name, args);
  expect(result.isError, `${name} should fail`).toBe(true);
  return textOf(result);
}

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "curl", version: "1" } },
};

function postMcp(server: ApiTestServer, headers: Record<string, string>, body: unknown = initialize) {
  return fetch(`${server.url}/mcp`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify(body),
  });
}

interface JobAnswer {
  job: { id: string; status: string; completed: number; total: number; credits: number; refundedCredits: number };
  images: { id: string; objectId: string | null; subject: string; url: string }[];
}

describe.each(testDatabases)("the MCP server on $name", (target) => {
  const api = setUpSignedInApi(target, "ann-mcp@example.com");

  it("lists its tools, each described with an input schema", async () => {
    const { secret } = await createKey(api.server, api.user.cookie);
    const client = await connect(api.server, secret);
    expect(client.getServerVersion()?.name).toBe("motif");
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    for (const tool of tools) expect(tool.description!.length, tool.name).toBeGreaterThan(60);
    const generate = tools.find((t) => t.name === "generate_objects")!;
    expect(generate.inputSchema.required).toEqual(["styleId", "subjects"]);
    expect(Object.keys(generate.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(["size", "detail", "transparent", "variations", "model", "prompt"]),
    );
  });

  it("answers 401 with WWW-Authenticate without a key, with a bad or revoked key, and for a session cookie", async () => {
    const none = await postMcp(api.server, {});
    expect(none.status).toBe(401);
    const metadataUrl = `${api.server.config.publicUrl}/.well-known/oauth-protected-resource/mcp`;
    expect(none.headers.get("www-authenticate")).toBe(`Bearer realm="Motif", resource_metadata="${metadataUrl}"`);
    expect((await json<{ error: { message: string } }>(none)).error.message).toMatch(/Authorization: Bearer/);

    // The browser's session is never enough here.
    expect((await postMcp(api.server, { Cookie: api.user.cookie })).status).toBe(401);

    const made = await postMcp(api.server, { Authorization: "Bearer mtf_made-up" });
    expect(made.status).toBe(401);
    expect(made.headers.get("www-authenticate")).toBe(
      `Bearer realm="Motif", error="invalid_token", resource_metadata="${metadataUrl}"`,
    );
    expect((await json<{ error: { message: string } }>(made)).error.message).toBe(apiKeyMessages.invalid);

    // The SDK's client sees the 401 and the plain message.
    const connecting = connect(api.server, "mtf_made-up");
    await expect(connecting).rejects.toMatchObject({ code: 401 });
    await expect(connecting).rejects.toThrow(apiKeyMessages.invalid);

    const { key, secret } = await createKey(api.server, api.user.cookie);
    expect((await postMcp(api.server, { Authorization: `Bearer ${secret}` })).status).toBe(200);
    await api.server.call(`/api/keys/${key.id}`, { method: "DELETE", cookie: api.user.cookie });
    const revoked = await postMcp(api.server, { Authorization: `Bearer ${secret}` });
    expect(revoked.status).toBe(401);
    expect((await json<{ error: { message: string } }>(revoked)).error.message).toBe(apiKeyMessages.revoked);
  });

  it("tells an MCP client, the way the MCP authorization spec looks, that it takes API keys and not OAuth", async () => {
    const { publicUrl } = api.server.config;
    // The resource's metadata (RFC 9728), as the 401's WWW-Authenticate points to it.
    const metadata = await json<Record<string, unknown>>(
      await fetch(`${api.server.url}/.well-known/oauth-protected-resource/mcp`),
    );
    expect(metadata).toMatchObject({
      resource: `${publicUrl}/mcp`,
      bearer_methods_supported: ["header"],
      resource_documentation: `${publicUrl}/api/docs`,
    });
    expect(metadata).not.toHaveProperty("authorization_servers");
    expect(metadata.authentication).toBe(NO_OAUTH);
    // Where a client then looks for an authorization server, there is none, and it is told why.
    for (const path of ["/.well-known/oauth-authorization-server", "/.well-known/openid-configuration"]) {
      const answer = await fetch(`${api.server.url}${path}`);
      expect(answer.status, path).toBe(404);
      expect(await answer.json()).toEqual({ error: "not_found", error_description: NO_OAUTH });
    }
    const registration = await fetch(`${api.server.url}/register`, { method: "POST", body: "{}" });
    expect(registration.status).toBe(404);

    // The SDK's own discovery reads the same document.
    const { discoverOAuthProtectedResourceMetadata } = await import("@modelcontextprotocol/sdk/client/auth.js");
    const found = await discoverOAuthProtectedResourceMetadata(new URL(`${api.server.url}/mcp`));
    expect(found.bearer_methods_supported).toEqual(["header"]);
  });

  it("is stateless: GET and DELETE answer 405, and hostile bodies are refused before any tool runs", async () => {
    const { secret } = await createKey(api.server, api.user.cookie);
    const auth = { Authorization: `Bearer ${secret}` };
    for (const method of ["GET", "DELETE"]) {
      const response = await fetch(`${api.server.url}/mcp`, { method, headers: auth });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
    }
    const nul = await postMcp(api.server, auth, {
      ...initialize,
      params: { ...initialize.params, clientInfo: { name: "a\u0000b", version: "1" } },
    });
    expect(nul.status).toBe(400);
    expect((await json<{ error: { message: string } }>(nul)).error.message).toMatch(/control characters/);
    // In a tool's arguments it is a tool error, as any other bad argument: the session goes on.
    const nulArgument = await postMcp(api.server, auth, {
      jsonrpc: "2.0",
      id: 7,
      method: "tools/call",
      params: { name: "generate_objects", arguments: { styleId: "preset:flat", subjects: ["Fox\u0000"] } },
    });
    expect(nulArgument.status).toBe(200);
    const answer = await json<{ id: number; result: { isError: boolean; content: { text: string }[] } }>(nulArgument);
    expect(answer.id).toBe(7);
    expect(answer.result.isError).toBe(true);
    expect(answer.result.content[0]!.text).toMatch(/control characters/);
    const broken = await fetch(`${api.server.url}/mcp`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: "{not json",
    });
    expect(broken.status).toBe(400);
    const huge = await postMcp(api.server, auth, { ...initialize, padding: "x".repeat(100_000) });
    expect(huge.status).toBe(413);
    const nulAddress = await fetch(`${api.server.url}/mcp?name=%00`, { method: "POST", headers: auth });
    expect(nulAddress.status).toBe(400);
  });

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

  it("waits for a job with wait_seconds, bounded, and says so when it is still running", async () => {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const { secret } = await createKey(api.server, api.user.cookie);
    const client = await connect(api.server, secret);
    const { job } = await callOk<{ job: { id: string } }>(client, "generate_objects", {
      styleId,
      subjects: ["Lantern"],
    });

    // Nobody runs it: the call waits about the time asked, then answers with the job as it is.
    const started = Date.now();
    const still = await call(client, "get_job", { jobId: job.id, wait_seconds: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect((still.structuredContent as unknown as JobAnswer).job.status).toBe("queued");
    expect(textOf(still)).toMatch(/Call get_job again/);

    // A worker finishes it while the call waits: the call answers with the finished job.
    const waiting = callOk<JobAnswer>(client, "get_job", { jobId: job.id, wait_seconds: 30 });
    await runJob(api.server, job.id);
    const finished = await waiting;
    expect(finished.job.status).toBe("succeeded");
    expect(finished.images).toHaveLength(1);

    expect(await callError(client, "get_job", { jobId: job.id, wait_seconds: 31 })).toMatch(
      /Wait at most 30 seconds\./,
    );
  });

  it("stops at the key's monthly cap with the app's message", async () => {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const { secret } = await createKey(api.server, api.user.cookie, { name: "Capped agent", monthlyCreditCap: 6 });
    const client = await connect(api.server, secret);
    const generate = (subject: string) => call(client, "generate_objects", { styleId, subjects: [subject] });
    for (const subject of ["Bell", "Drum"]) expect((await generate(subject)).isError).toBeFalsy();
    const before = await balanceOf(api.database.db, api.user.userId);
    const over = await generate("Harp");
    expect(over.isError).toBe(true);
    expect(textOf(over)).toBe(capExceededMessage(6, 6, 3));
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before);
  });

  it("pays once for a retried call with the same idempotencyKey, and refuses the key for another call", async () => {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const { secret } = await createKey(api.server, api.user.cookie, { name: "Retrying agent" });
    const client = await connect(api.server, secret);
    const args = { styleId, subjects: ["Lute"], idempotencyKey: "agent-retry-0001" };
    const before = await balanceOf(api.database.db, api.user.userId);
    const first = await callOk<{ job: { id: string } }>(client, "generate_objects", args);
    const again = await callOk<{ job: { id: string } }>(client, "generate_objects", args);
    expect(again.job.id).toBe(first.job.id);
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before - 3);
    expect(await callError(client, "generate_objects", { ...args, subjects: ["Oboe"] })).toContain(
      "already used for a different request",
    );
    // Without a key, each call is its own.
    const other = await callOk<{ job: { id: string } }>(client, "generate_objects", { styleId, subjects: ["Lute"] });
    expect(other.job.id).not.toBe(first.job.id);
    // create_style takes one too.
    const style = {
      name: "Retried style",
      description: "Flat vector icons, copper",
      idempotencyKey: "agent-style-0001",
    };
    const made = await callOk<{ style: { id: string } }>(client, "create_style", style);
    expect((await callOk<{ style: { id: string } }>(client, "create_style", style)).style.id).toBe(made.style.id);
  });

  it("answers plain tool errors: short balance, unknown model, bad input, and another user's records", async () => {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const { secret } = await createKey(api.server, api.user.cookie);
    const client = await connect(api.server, secret);

    const balance = await balanceOf(api.database.db, api.user.userId);
    const expensive = Array.from({ length: 50 }, (_, i) => `Relic ${i + 1}`);
    expect(
      await callError(client, "generate_objects", { styleId, subjects: expensive, detail: "high", variations: 4 }),
    ).toBe(
      `Not enough credits: This needs ${50 * 4 * 30} credits and your balance is ${balance}. You were not charged.`,
    );
    expect(await callError(client, "generate_objects", { styleId, subjects: ["Bell"], model: "dall-e-9" })).toBe(
      modelUnavailableMessage,
    );
    expect(await callError(client, "generate_objects", { styleId, subjects: [] })).toBe(
      "Name at least one object. (subjects)",
    );
    expect(await callError(client, "create_style", { name: "Empty", description: "" })).toBe(
      "Describe the style in a few words.",
    );
    expect(await callError(client, "get_images", {})).toBe("Give either jobId or objectIds, not both.");

    const bob = await signInThroughApi(api.server, "bob-mcp@example.com");
    const { styleId: bobStyle, sampleJobId: bobJob } = await createStyleThroughApi(api.server, bob.cookie);
    const bobSet = await submitObjects(api.server, bob.cookie, { styleId: bobStyle, subjects: ["Bell"] });
    expect(await callError(client, "generate_objects", { styleId: bobStyle, subjects: ["Bell"] })).toBe(
      "No such style.",
    );
    expect(await callError(client, "get_job", { jobId: bobJob })).toBe("No such job.");
    expect(await callError(client, "get_images", { jobId: bobJob })).toBe("No such job.");
    expect(await callError(client, "get_images", { objectIds: [bobSet.objects[0]!.id] })).toBe("No such object.");
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(balance);
  });
});
