// Calls from other sites' pages: allowed with an API key from the origins the operator lists
// (CORS_ORIGINS), for the JSON API and MCP alike; never with a cookie, and from nowhere else.
import { describe, expect, it } from "vitest";
import type { ApiKeyView } from "#domain/api-keys";
import { testDatabases } from "../support/databases";
import { json } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";

const TOOL = "https://tools.studio.example";
const ELSEWHERE = "https://evil.example";

describe.each(testDatabases)("cross-origin calls on $name", (target) => {
  const api = setUpSignedInApi(target, "ann-cors@example.com", {}, { CORS_ORIGINS: `${TOOL}, http://localhost:5173` });

  async function keySecret() {
    const made = await api.server.call("/api/keys", {
      method: "POST",
      cookie: api.user.cookie,
      json: { name: "Tool" },
    });
    return (await json<{ key: ApiKeyView; secret: string }>(made)).secret;
  }

  const preflight = (path: string, origin: string, headers = "authorization,content-type,idempotency-key") =>
    fetch(`${api.server.url}${path}`, {
      method: "OPTIONS",
      headers: { Origin: origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": headers },
    });

  it("answers a listed origin's preflight for the API and MCP, and no other's", async () => {
    const allowed = await preflight("/api/objects", TOOL);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(TOOL);
    expect(allowed.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
    expect(allowed.headers.get("access-control-allow-headers")).toMatch(/Idempotency-Key/);
    expect(allowed.headers.get("access-control-allow-methods")).toMatch(/PATCH/);
    expect(allowed.headers.get("access-control-allow-credentials")).toBeNull();
    expect(allowed.headers.get("vary")).toMatch(/Origin/);

    const mcp = await preflight("/mcp", "http://localhost:5173", "authorization,content-type,mcp-protocol-version");
    expect(mcp.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");

    const refused = await preflight("/api/objects", ELSEWHERE);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    // Pages are not part of it.
    const page = await preflight("/app", TOOL);
    expect(page.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("lets a listed origin's page read a key's answers and their limits", async () => {
    const secret = await keySecret();
    const answer = await fetch(`${api.server.url}/api/styles`, {
      headers: { Origin: TOOL, Authorization: `Bearer ${secret}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("access-control-allow-origin")).toBe(TOOL);
    expect(answer.headers.get("access-control-expose-headers")).toMatch(/RateLimit-Policy/);
    expect(answer.headers.get("ratelimit-policy")).toMatch(/"api-key";q=\d+;w=60/);

    // The live stream too, read with fetch (an EventSource cannot send the key).
    const controller = new AbortController();
    const stream = await fetch(`${api.server.url}/api/events`, {
      headers: { Origin: TOOL, Authorization: `Bearer ${secret}` },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/text\/event-stream/);
    expect(stream.headers.get("access-control-allow-origin")).toBe(TOOL);
    controller.abort();

    const other = await fetch(`${api.server.url}/api/styles`, {
      headers: { Origin: ELSEWHERE, Authorization: `Bearer ${secret}` },
    });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("still refuses a cookie's change from a listed origin: only keys cross origins", async () => {
    const changed = await api.server.call("/api/keys", {
      method: "POST",
      cookie: api.user.cookie,
      json: { name: "From the tool" },
      headers: { Origin: TOOL },
    });
    expect(changed.status).toBe(403);
  });
});

describe("CORS_ORIGINS", () => {
  it("takes origins only, naming the first that is not one", async () => {
    const { parseConfig } = await import("#server/configuration.server");
    expect(parseConfig({ CORS_ORIGINS: "https://a.example, http://localhost:5173" }).corsOrigins).toEqual([
      "https://a.example",
      "http://localhost:5173",
    ]);
    expect(parseConfig({}).corsOrigins).toEqual([]);
    expect(() => parseConfig({ CORS_ORIGINS: "https://a.example/tools" })).toThrow(/is not an origin/);
    expect(() => parseConfig({ CORS_ORIGINS: "*" })).toThrow(/"\*" is not an origin/);
  });
});
