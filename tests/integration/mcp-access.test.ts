// The MCP server at /mcp, as an agent first meets it: the SDK's own client lists the tools with an
// API key; without a key, with a bad or revoked one, or with a session cookie it is answered 401,
// and told it takes API keys, not OAuth; it is stateless and refuses hostile bodies.
import { NO_OAUTH } from "#server/mcp/resource-metadata.server";
import { describe, expect, it } from "vitest";
import { apiKeyMessages } from "#domain/api-keys";
import { testDatabases } from "../support/databases";
import { json } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import type { ApiTestServer } from "../support/test-server";
import { closeClientsAfterEach, connect, createKey } from "./mcp-helpers";

const TOOLS = [
  "ai_upscale_image",
  "build_icon_package",
  "cancel_job",
  "cancel_training",
  "choose_drawing",
  "create_character",
  "create_style",
  "delete_character",
  "draw_animation",
  "draw_texture",
  "draw_views",
  "edit_image",
  "generate_objects",
  "get_images",
  "get_job",
  "get_training",
  "list_characters",
  "list_drawings",
  "list_styles",
  "make_animation",
  "make_autotile_set",
  "make_pixel_art",
  "make_seamless_tile",
  "make_variations",
  "normalise_objects",
  "outpaint_image",
  "recolour_objects",
  "redraw_animation_frame",
  "remove_background",
  "reorder_animation_frames",
  "train_character",
  "train_style",
  "upscale_image",
];

closeClientsAfterEach();

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
});
