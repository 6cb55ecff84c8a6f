import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { testDatabases } from "../support/databases";
import { createStyleThroughApi } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { startApiServer, type ApiTestServer } from "../support/test-server";

const TOKEN = "metrics-token-for-tests";

/** One sample's value from Prometheus text, or 0 when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((pair) => line.includes(pair))) return Number(line.split(" ").at(-1));
  }
  return 0;
}

describe.each(testDatabases)("/metrics on $name", (target) => {
  const api = setUpSignedInApi(target, "metrics@example.com", {});
  const scrape = async () => {
    const response = await fetch(`${api.server.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    return response.text();
  };

  it("without METRICS_TOKEN, answers only a scraper on this machine that came directly", async () => {
    expect((await fetch(`${api.server.url}/metrics`)).status).toBe(200);
    const proxied = await fetch(`${api.server.url}/metrics`, { headers: { "X-Forwarded-For": "203.0.113.9" } });
    expect(proxied.status).toBe(401);
  });

  it("counts requests by route pattern, and jobs, provider calls and credits from real work", async () => {
    const before = await scrape();
    const route = { method: "GET", route: "/api/users/me", status: "200" };
    await api.server.call("/api/users/me", { cookie: api.user.cookie });
    await api.server.call("/api/users/me", { cookie: api.user.cookie });

    const { sampleJobId } = await createStyleThroughApi(api.server, api.user.cookie, { name: "Measured" });
    expect(sampleJobId).toBeTruthy();
    const after = await scrape();

    const count = "motif_http_request_duration_seconds_count";
    expect(sample(after, count, route) - sample(before, count, route)).toBe(2);
    expect(sample(after, "motif_jobs", { kind: "style-samples", state: "succeeded" })).toBeGreaterThanOrEqual(1);
    expect(
      sample(after, "motif_provider_request_duration_seconds_count", { provider: "offline", outcome: "ok" }) -
        sample(before, "motif_provider_request_duration_seconds_count", { provider: "offline", outcome: "ok" }),
    ).toBeGreaterThanOrEqual(4);
    expect(sample(after, "motif_credits_total", { movement: "spent" })).toBeGreaterThanOrEqual(
      sample(before, "motif_credits_total", { movement: "spent" }),
    );
    expect(after).toContain("motif_event_streams 0");
    expect(after).toContain("motif_process_resident_memory_bytes");
  });
});

describe.each(testDatabases)("/metrics with METRICS_TOKEN on $name", (target) => {
  let database: DatabaseHandle;
  let server: ApiTestServer;
  beforeAll(async () => {
    database = await target.open();
    server = await startApiServer(database, { METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it("wants the token, even from this machine", async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${server.url}/metrics`, { headers: { Authorization: "Bearer not-the-token-at-all" } });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain("motif_http_request_duration_seconds");
  });
});
