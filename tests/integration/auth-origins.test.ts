// Where sign-in links point and which origins may ask for them: the session cookie over HTTPS,
// loopback origins without PUBLIC_URL, and every other origin told where Motif is served.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { testDatabases } from "../support/databases";
import { uniqueEmail } from "../support/factories";
import { startApiServer, tokenFromLink, type ApiTestServer } from "../support/test-server";

describe("session cookie over HTTPS", () => {
  it("is __Host- prefixed and Secure", async () => {
    const database = await testDatabases[0]!.open();
    const server = await startApiServer(database, { PUBLIC_URL: "https://motif.test" });
    try {
      const email = "secure@example.com";
      await server.call("/api/auth/signin-email", {
        method: "POST",
        json: { email },
        headers: { Origin: "https://motif.test" },
      });
      await expect.poll(() => server.mailer.sent.length).toBe(1);
      const token = tokenFromLink(server.mailer.sent[0]!.link!);
      const verify = await server.call("/api/auth/verify", {
        method: "POST",
        json: { token, email },
        headers: { Origin: "https://motif.test" },
      });
      const { idToken } = (await verify.json()) as { idToken: string };
      const response = await server.call("/api/auth/token", {
        method: "POST",
        json: { idToken },
        headers: { Origin: "https://motif.test" },
      });
      const header = response.headers.get("set-cookie")!;
      expect(header).toMatch(/^__Host-motif_session=/);
      expect(header).toContain("Secure");
      expect(header).toContain("Path=/");
      expect(header).not.toContain("Domain");
    } finally {
      await server.close();
      await database.close();
    }
  });
});

describe.each(testDatabases)("sign-in origins on $name", (target) => {
  let database: DatabaseHandle;
  let local: ApiTestServer;
  let hosted: ApiTestServer;
  beforeAll(async () => {
    database = await target.open();
    // As `npm start` runs on someone's machine: no PUBLIC_URL, port 3000.
    local = await startApiServer(database, { PUBLIC_URL: "", PORT: "3000", SIGNIN_LIMIT_PER_IP: "1000" });
    hosted = await startApiServer(database, { PUBLIC_URL: "https://motif.example", SIGNIN_LIMIT_PER_IP: "1000" });
  });
  afterAll(async () => {
    await local?.close();
    await hosted?.close();
    await database?.close();
  });

  const send = (server: ApiTestServer, email: string, headers: Record<string, string>) =>
    server.call("/api/auth/signin-email", { method: "POST", json: { email }, headers });

  it.each(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"])(
    "without PUBLIC_URL, signs in from %s with a link back to that origin",
    async (origin) => {
      const email = uniqueEmail("loopback");
      // A forged forwarded host changes nothing: links never come from request headers other than a listed Origin.
      const response = await send(local, email, { Origin: origin, "X-Forwarded-Host": "evil.example" });
      expect(response.status).toBe(200);
      await expect.poll(() => local.mailer.sent.find((m) => m.to === email)).toBeDefined();
      const link = local.mailer.sent.find((m) => m.to === email)!.link!;
      expect(link.startsWith(`${origin}/auth/verify?token=`)).toBe(true);
      const headers = { Origin: origin };
      const verify = await local.call("/api/auth/verify", {
        method: "POST",
        json: { token: tokenFromLink(link), email },
        headers,
      });
      expect(verify.status).toBe(200);
      const { idToken } = (await verify.json()) as { idToken: string };
      const token = await local.call("/api/auth/token", { method: "POST", json: { idToken }, headers });
      expect(token.status).toBe(200);
    },
  );

  it("without PUBLIC_URL, a request without Origin gets a link to http://localhost:PORT", async () => {
    const email = uniqueEmail("no-origin");
    expect((await send(local, email, { Origin: "" })).status).toBe(200);
    await expect.poll(() => local.mailer.sent.find((m) => m.to === email)).toBeDefined();
    expect(local.mailer.sent.find((m) => m.to === email)!.link).toMatch(/^http:\/\/localhost:3000\/auth\/verify\?/);
  });

  it.each(["http://192.168.1.20:3000", "http://127.0.0.1:4000", "https://localhost:3000", "http://evil.example"])(
    "without PUBLIC_URL, refuses %s and says where Motif is",
    async (origin) => {
      const email = uniqueEmail("elsewhere");
      const response = await send(local, email, { Origin: origin });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: {
          code: "forbidden",
          message:
            "Motif is served at http://localhost:3000; open it there to sign in, or set PUBLIC_URL to the address you use.",
          details: { publicUrl: "http://localhost:3000" },
        },
      });
      expect(local.mailer.sent.find((m) => m.to === email)).toBeUndefined();
    },
  );

  it("with PUBLIC_URL set, a loopback origin is told to use PUBLIC_URL", async () => {
    const email = uniqueEmail("hosted");
    for (const origin of ["http://127.0.0.1:3000", "http://localhost:3000"]) {
      const response = await send(hosted, email, { Origin: origin });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({
        error: {
          code: "forbidden",
          message: "Motif is served at https://motif.example; open it there to sign in.",
          details: { publicUrl: "https://motif.example" },
        },
      });
    }
    expect((await send(hosted, email, { Origin: "https://motif.example" })).status).toBe(200);
    await expect.poll(() => hosted.mailer.sent.find((m) => m.to === email)).toBeDefined();
    expect(hosted.mailer.sent.find((m) => m.to === email)!.link).toMatch(/^https:\/\/motif\.example\/auth\/verify\?/);
  });
});
