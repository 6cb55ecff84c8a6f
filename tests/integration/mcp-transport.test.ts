// What /mcp takes over HTTP before any tool runs: a JSON-RPC batch is as many requests of the
// key's budget as it has messages, and is refused under protocol versions that dropped batches;
// a page on an origin that is not Motif's own (or one CORS_ORIGINS lists) is refused, against
// DNS rebinding (docs/decisions/096).
import { describe, expect, it } from "vitest";
import { balanceOf, json } from "../support/factories";
import { testDatabases } from "../support/databases";
import { setUpSignedInApi } from "../support/signed-in-api";
import { PUBLIC_URL } from "../support/test-server";
import { createKey } from "./mcp-helpers";

const TOOL = "https://tools.studio.example";
const PER_MINUTE = 5;

type JsonRpcError = { jsonrpc: "2.0"; id: null; error: { code: number; message: string } };
type JsonRpcResult = { id: number; result?: { isError?: boolean }; error?: unknown };

const initialize = (protocolVersion: string) => ({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion, capabilities: {}, clientInfo: { name: "curl", version: "1" } },
});

const toolCall = (id: number, name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args },
});

/** `count` create_style calls, each a style named after the batch: what would show if any ran. */
const styleCalls = (count: number, batch: string) =>
  Array.from({ length: count }, (_, i) =>
    toolCall(i + 1, "create_style", { name: `${batch} ${i + 1}`, description: "Flat vector icons, copper" }),
  );

describe.each(testDatabases)("the MCP transport on $name", (target) => {
  const api = setUpSignedInApi(
    target,
    "ann-mcp-transport@example.com",
    {},
    { API_KEY_REQUESTS_PER_MINUTE: String(PER_MINUTE), CORS_ORIGINS: TOOL },
  );

  function post(body: unknown, headers: Record<string, string> = {}) {
    return fetch(`${api.server.url}/mcp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
      body: JSON.stringify(body),
    });
  }

  async function styleNames(): Promise<string[]> {
    const response = await api.server.call("/api/styles", { cookie: api.user.cookie });
    return (await json<{ styles: { name: string }[] }>(response)).styles.map((s) => s.name);
  }

  it("counts each message of a batch against the key's budget, and runs none of a batch over it", async () => {
    const { secret } = await createKey(api.server, api.user.cookie);
    const auth = { Authorization: `Bearer ${secret}` };

    // Three messages, under the version that assumes batches: three of the five requests.
    const three = await post(
      [1, 2, 3].map((id) => toolCall(id, "list_styles")),
      auth,
    );
    expect(three.status).toBe(200);
    expect(three.headers.get("ratelimit")).toMatch(/^"api-key";r=2;t=\d+$/);
    const answers = await json<JsonRpcResult[]>(three);
    expect(answers.map((a) => a.id).sort()).toEqual([1, 2, 3]);
    for (const answer of answers) expect(answer.result?.isError, JSON.stringify(answer)).toBeFalsy();

    // Two left, and a batch of three: refused whole, with the 429 a single request gets.
    const before = await balanceOf(api.database.db, api.user.userId);
    const over = await post(styleCalls(3, "Over budget"), { ...auth, "MCP-Protocol-Version": "2025-03-26" });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    const refused = await json<JsonRpcError>(over);
    expect(refused.error.message).toMatch(
      /^This API key may make 5 requests a minute, and each message of a batch is one: this batch of 3 is more than is left, and none of it ran\. Try again in \d+ s\.$/,
    );
    expect(await styleNames()).not.toContain("Over budget 1");
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before);
  });

  it("refuses a batch of more messages than the key may send in a minute, running none", async () => {
    const { secret } = await createKey(api.server, api.user.cookie);
    const before = await balanceOf(api.database.db, api.user.userId);
    const fifty = await post(styleCalls(50, "Fifty"), { Authorization: `Bearer ${secret}` });
    expect(fifty.status).toBe(429);
    expect((await json<JsonRpcError>(fifty)).error.message).toBe(
      "This API key may make 5 requests a minute, and each message of a batch is one: send at most 5 messages in a batch.",
    );
    expect((await styleNames()).filter((name) => name.startsWith("Fifty"))).toEqual([]);
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before);
  });

  it("refuses a batch under 2025-06-18 and later as an Invalid Request, running none of it", async () => {
    const { secret } = await createKey(api.server, api.user.cookie);
    const auth = { Authorization: `Bearer ${secret}` };
    for (const version of ["2025-06-18", "2025-11-25"]) {
      const batch = await post(styleCalls(2, `Batched ${version}`), { ...auth, "MCP-Protocol-Version": version });
      expect(batch.status, version).toBe(400);
      expect(await json<JsonRpcError>(batch)).toEqual({
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: `MCP ${version} has no batches: send each message in a request of its own.` },
      });
    }
    // Without the header, an initialize says the version it asks for.
    const asked = await post([initialize("2025-06-18")], auth);
    expect(asked.status).toBe(400);
    expect((await json<JsonRpcError>(asked)).error.code).toBe(-32600);
    expect((await styleNames()).filter((name) => name.startsWith("Batched"))).toEqual([]);
    // One message alone is as before.
    expect((await post(initialize("2025-11-25"), auth)).status).toBe(200);
  });

  it("answers 403 to a page on another origin, before the key is read, and serves Motif's own and CORS's", async () => {
    const { secret } = await createKey(api.server, api.user.cookie);
    const auth = { Authorization: `Bearer ${secret}` };
    for (const origin of ["https://evil.example", "http://motif.test.evil.example", "null"]) {
      for (const headers of [{ Origin: origin }, { ...auth, Origin: origin }]) {
        const refused = await post(initialize("2025-11-25"), headers);
        expect(refused.status, origin).toBe(403);
        expect(await json<JsonRpcError>(refused)).toEqual({
          jsonrpc: "2.0",
          id: null,
          error: { code: -32000, message: `A page on ${origin} may not call this MCP server.` },
        });
      }
    }
    const read = await fetch(`${api.server.url}/mcp`, { headers: { Origin: "https://evil.example" } });
    expect(read.status).toBe(403);
    // Refused before the key counted: all five requests are still there.
    for (const headers of [auth, { ...auth, Origin: PUBLIC_URL }, { ...auth, Origin: TOOL }]) {
      expect((await post(initialize("2025-11-25"), headers)).status, JSON.stringify(headers)).toBe(200);
    }
    const last = await post(initialize("2025-11-25"), auth);
    expect(last.headers.get("ratelimit")).toMatch(/^"api-key";r=1;t=\d+$/);
  });
});
