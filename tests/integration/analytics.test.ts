import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { pageViews } from "#server/db/schema";
import { testDatabases } from "../support/databases";
import { startApiServer, type ApiTestServer } from "../support/test-server";

describe.each(testDatabases)("page views on $name", (target) => {
  let database: DatabaseHandle;
  let server: ApiTestServer;
  beforeAll(async () => {
    database = await target.open();
    server = await startApiServer(database);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it("counts views per day and normalised path, concurrently", async () => {
    const send = (path: string) => server.call("/api/analytics/pageview", { method: "POST", json: { path } });
    const responses = await Promise.all([...Array(5).fill("/app/object/:objectId"), "/terms"].map(send));
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(204));
    const rows = await database.db.select().from(pageViews);
    expect(rows.map((r) => [r.path, r.views]).sort()).toEqual([
      ["/app/object/:objectId", 5],
      ["/terms", 1],
    ]);
  });

  it("refuses anything that is not one of the app's route paths", async () => {
    for (const path of ["https://evil.example", "x".repeat(10), "/".repeat(201), "/made/up/path"]) {
      const response = await server.call("/api/analytics/pageview", { method: "POST", json: { path } });
      expect(response.status).toBe(400);
    }
  });
});
