// Sign-in rate limits, on both databases: links sent per mailbox (plus-tags, case and Gmail's
// dots counted as one) and per IP, sending and verifying counted together.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { testDatabases } from "../support/databases";
import { startApiServer, type ApiTestServer } from "../support/test-server";

describe.each(testDatabases)("sign-in rate limits on $name", (target) => {
  let database: DatabaseHandle;
  let server: ApiTestServer;
  beforeAll(async () => {
    database = await target.open();
    server = await startApiServer(database, { SIGNIN_LIMIT_PER_EMAIL: "3", SIGNIN_LIMIT_PER_IP: "6" });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const send = (email: string, ip: string) =>
    server.call("/api/auth/signin-email", { method: "POST", json: { email }, headers: { "X-Forwarded-For": ip } });

  it("limits sending per address", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await send("limited@example.com", `10.0.0.${i + 1}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await send("LIMITED@example.com", "10.0.0.9");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      error: { code: "rate_limited", message: "Too many sign-in attempts. Please wait a few minutes and try again." },
    });
  });

  it("counts plus-tagged and differently cased forms of an address as one mailbox", async () => {
    const statuses = [];
    for (const [i, email] of ["tagged@example.com", "tagged+1@example.com", "Tagged+2@Example.com"].entries())
      statuses.push((await send(email, `10.3.0.${i + 1}`)).status);
    expect(statuses).toEqual([200, 200, 200]);
    expect((await send("tagged+3@example.com", "10.3.0.9")).status).toBe(429);
    expect((await send("TAGGED@example.com", "10.3.0.10")).status).toBe(429);
    // Gmail ignores dots in the local part and answers to googlemail.com too.
    for (const [i, email] of [
      "first.last@gmail.com",
      "firstlast+x@gmail.com",
      "f.i.r.s.t.last@googlemail.com",
    ].entries())
      expect((await send(email, `10.4.0.${i + 1}`)).status).toBe(200);
    expect((await send("firstlast@gmail.com", "10.4.0.9")).status).toBe(429);
    // Elsewhere dots are part of the mailbox's name.
    expect((await send("first.last@example.com", "10.5.0.1")).status).toBe(200);
    expect((await send("firstlast@example.com", "10.5.0.2")).status).toBe(200);
  });

  it("limits sending and verifying per IP, counted together across concurrent requests", async () => {
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => send(`ip-${i}@example.com`, "10.1.1.1")));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(6);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(2);
    const verify = await server.call("/api/auth/verify", {
      method: "POST",
      json: { token: "x".repeat(43), email: "a@example.com" },
      headers: { "X-Forwarded-For": "10.2.2.2" },
    });
    expect(verify.status).toBe(401);
    for (let i = 0; i < 6; i++) {
      await server.call("/api/auth/verify", {
        method: "POST",
        json: { token: "x".repeat(43), email: "a@example.com" },
        headers: { "X-Forwarded-For": "10.2.2.2" },
      });
    }
    const limited = await server.call("/api/auth/verify", {
      method: "POST",
      json: { token: "x".repeat(43), email: "a@example.com" },
      headers: { "X-Forwarded-For": "10.2.2.2" },
    });
    expect(limited.status).toBe(429);
  });
});
