// What the MCP tests share: an API key made from the browser session, the SDK's own client
// connected to /mcp with it (closed after each test), tool calls and their answers or errors.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, expect } from "vitest";
import type { ApiKeyView } from "#domain/api-keys";
import { json } from "../support/factories";
import type { ApiTestServer } from "../support/test-server";

export async function createKey(
  server: ApiTestServer,
  cookie: string,
  body: Record<string, unknown> = { name: "Editor" },
) {
  const response = await server.call("/api/keys", { method: "POST", cookie, json: body });
  expect(response.status).toBe(201);
  return json<{ key: ApiKeyView; secret: string }>(response);
}

const open: Client[] = [];

/** Closes, after each test of the file, the clients `connect` opened in it. */
export function closeClientsAfterEach() {
  afterEach(async () => {
    await Promise.all(open.splice(0).map((client) => client.close()));
  });
}

/** The SDK's client, connected to /mcp with the key as an editor's MCP configuration sends it. */
export async function connect(server: ApiTestServer, secret: string): Promise<Client> {
  const client = new Client({ name: "motif-test-agent", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${secret}` } },
  });
  await client.connect(transport);
  open.push(client);
  return client;
}

export async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** A tool's structured answer; fails the test with the tool's message when it answered an error. */
export async function callOk<T>(client: Client, name: string, args: Record<string, unknown> = {}): Promise<T> {
  const result = await call(client, name, args);
  if (result.isError) throw new Error(`${name} failed: ${textOf(result)}`);
  return result.structuredContent as T;
}

export const textOf = (result: CallToolResult) =>
  result.content
    .filter((c) => c.type === "text")
    .map((c) => c.text)
    .join("\n");

/** A tool error's message. */
export async function callError(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = await call(client, name, args);
  expect(result.isError, `${name} should fail`).toBe(true);
  return textOf(result);
}

export interface JobAnswer {
  job: { id: string; status: string; completed: number; total: number; credits: number; refundedCredits: number };
  images: { id: string; objectId: string | null; subject: string; url: string }[];
}
