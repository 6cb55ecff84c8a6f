import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { testDatabases } from "../support/databases";
import { readStream, type OpenStream } from "../support/event-stream";
import { signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

const PER_USER = 3;
const PER_IP = 5;

describe.each(testDatabases)("event stream caps on $name", (target) => {
  let database: DatabaseHandle;
  let server: ApiTestServer;
  let counter = 0;
  const open: OpenStream[] = [];

  // Starting PGlite (WebAssembly) takes long on a busy machine: a longer limit for this hook.
  beforeAll(async () => {
    database = await target.open();
    server = await startApiServer(database, {
      EVENT_STREAMS_PER_USER: String(PER_USER),
      EVENT_STREAMS_PER_IP: String(PER_IP),
    });
  }, 180_000);
  afterAll(async () => {
    await Promise.all(open.map((stream) => stream.cancel()));
    await server?.close();
    await database?.close();
  });

  const signIn = () => signInThroughApi(server, `caps-${counter++}@example.com`);
  // The test server trusts X-Forwarded-For, so each test can speak from its own address.
  const connect = (cookie: string, ip: string) =>
    server.call("/api/events", { cookie, headers: { "X-Forwarded-For": ip } });

  async function openStreams(cookie: string, ip: string, count: number): Promise<OpenStream[]> {
    const streams: OpenStream[] = [];
    for (let i = 0; i < count; i++) {
      const response = await connect(cookie, ip);
      expect(response.status).toBe(200);
      const stream = readStream(response);
      await stream.waitFor((event) => event.event === "credits");
      streams.push(stream);
    }
    open.push(...streams);
    return streams;
  }

  it("refuses a user's stream over the cap with 429 in the API's error shape", async () => {
    const { cookie } = await signIn();
    await openStreams(cookie, "10.0.1.1", PER_USER);
    const refused = await connect(cookie, "10.0.1.2");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toContain("application/json");
    expect(await refused.json()).toEqual({
      error: {
        code: "rate_limited",
        message: expect.stringContaining(`at most ${PER_USER} live connections`),
      },
    });
  });

  it("gives the slot back when a stream closes", async () => {
    const { cookie } = await signIn();
    const [first] = await openStreams(cookie, "10.0.2.1", PER_USER);
    expect((await connect(cookie, "10.0.2.1")).status).toBe(429);
    await first!.cancel();
    // The server notices the hang-up on its own schedule: wait for it, within a bound.
    const deadline = Date.now() + 5_000;
    let status = 429;
    while (status === 429 && Date.now() < deadline) {
      const response = await connect(cookie, "10.0.2.1");
      status = response.status;
      if (status === 200) open.push(readStream(response));
      else await response.body?.cancel();
    }
    expect(status).toBe(200);
  });

  it("refuses streams over the cap for one address, whoever the user", async () => {
    const ip = "10.0.3.1";
    const a = await signIn();
    const b = await signIn();
    await openStreams(a.cookie, ip, PER_USER);
    await openStreams(b.cookie, ip, PER_IP - PER_USER);
    const refused = await connect(b.cookie, ip);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("rate_limited");
    expect(body.error.message).toContain("network address");
    // The same user from another address is still welcome.
    const elsewhere = await connect(b.cookie, "10.0.3.2");
    expect(elsewhere.status).toBe(200);
    open.push(readStream(elsewhere));
  });

  it("counts streams held through every process: a second process refuses past the user's and the address's caps", async () => {
    const second = await startApiServer(database, {
      EVENT_STREAMS_PER_USER: String(PER_USER),
      EVENT_STREAMS_PER_IP: String(PER_IP),
    });
    try {
      const { cookie } = await signIn();
      const [first] = await openStreams(cookie, "10.0.4.1", PER_USER);
      const refused = await second.call("/api/events", { cookie, headers: { "X-Forwarded-For": "10.0.4.2" } });
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(
        `at most ${PER_USER} live connections`,
      );
      // A place freed in one process is free in the other.
      await first!.cancel();
      await expect
        .poll(
          async () => {
            const response = await second.call("/api/events", { cookie, headers: { "X-Forwarded-For": "10.0.4.2" } });
            if (response.status === 200) open.push(readStream(response));
            else await response.body?.cancel();
            return response.status;
          },
          { timeout: 5_000 },
        )
        .toBe(200);

      const ip = "10.0.5.1";
      for (let i = 0; i < PER_IP; i++) await openStreams((await signIn()).cookie, ip, 1);
      const overAddress = await second.call("/api/events", {
        cookie: (await signIn()).cookie,
        headers: { "X-Forwarded-For": ip },
      });
      expect(overAddress.status).toBe(429);
    } finally {
      await second.close();
    }
  });
});
