// API keys: managed from a browser session, shown once, stored hashed; a key acts as its
// user on the JSON API without cookies or the same-origin check, within its own request
// budget and monthly credit cap, and can never manage keys or the account.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiKeyMessages, type ApiKeyView } from "#domain/api-keys";
import type { JobView } from "#domain/objects";
import { apiKeys } from "#server/db/schema";
import { testDatabases } from "../support/databases";
import { balanceOf, createStyleThroughApi, json, readZip, runJob } from "../support/factories";
import { readStream } from "../support/event-stream";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

/** A request as a script sends it: the key, no cookie, no Origin. */
function withKey(server: ApiTestServer, secret: string) {
  return (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json: body, headers, ...rest } = init;
    return fetch(`${server.url}${path}`, {
      ...rest,
      headers: {
        Authorization: `Bearer ${secret}`,
        ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
        ...(headers as Record<string, string>),
      },
      body: body !== undefined ? JSON.stringify(body) : rest.body,
    });
  };
}

async function createKey(server: ApiTestServer, cookie: string, body: Record<string, unknown> = { name: "CI" }) {
  const response = await server.call("/api/keys", { method: "POST", cookie, json: body });
  expect(response.status).toBe(201);
  return json<{ key: ApiKeyView; secret: string }>(response);
}

const setBody = (styleId: string, subjects: string[]) => ({
  styleId,
  subjects,
  size: "square",
  detail: "draft",
  transparent: true,
});

describe.each(testDatabases)("API keys on $name", (target) => {
  const api = setUpSignedInApi(target, "ann-keys@example.com");

  it("are created once with their secret, listed without it, and revoked", async () => {
    const { key, secret } = await createKey(api.server, api.user.cookie, { name: "Build server", expiresInDays: 30 });
    expect(secret).toMatch(/^mtf_[\w-]{40,}$/);
    expect(key).toMatchObject({
      name: "Build server",
      prefix: secret.slice(0, 12),
      lastUsedAt: null,
      spentThisMonth: 0,
    });
    expect(new Date(key.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    // Only the hash is kept.
    const [row] = await api.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(JSON.stringify(row)).not.toContain(secret);

    const list = await json<{ keys: ApiKeyView[] }>(await api.server.call("/api/keys", { cookie: api.user.cookie }));
    expect(list.keys.map((k) => k.id)).toContain(key.id);
    expect(JSON.stringify(list)).not.toContain(secret);

    expect((await withKey(api.server, secret)("/api/users/me")).status).toBe(200);
    const used = await json<{ keys: ApiKeyView[] }>(await api.server.call("/api/keys", { cookie: api.user.cookie }));
    expect(used.keys.find((k) => k.id === key.id)?.lastUsedAt).not.toBeNull();

    const revoke = () => api.server.call(`/api/keys/${key.id}`, { method: "DELETE", cookie: api.user.cookie });
    expect((await revoke()).status).toBe(204);
    expect((await revoke()).status).toBe(404);
    const after = await withKey(api.server, secret)("/api/users/me");
    expect(after.status).toBe(401);
    expect((await json<{ error: { message: string } }>(after)).error.message).toBe(apiKeyMessages.revoked);
  });

  it("refuse a bad name, an expired key and a made-up one with plain messages", async () => {
    const bad = await api.server.call("/api/keys", { method: "POST", cookie: api.user.cookie, json: { name: " " } });
    expect(bad.status).toBe(400);
    const { key, secret } = await createKey(api.server, api.user.cookie);
    await api.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, key.id));
    const expired = await withKey(api.server, secret)("/api/users/me");
    expect(expired.status).toBe(401);
    expect((await json<{ error: { message: string } }>(expired)).error.message).toBe(apiKeyMessages.expired);
    expect((await withKey(api.server, `${secret}x`)("/api/users/me")).status).toBe(401);
    expect((await withKey(api.server, "not-a-key")("/api/styles")).status).toBe(401);
    const basic = await fetch(`${api.server.url}/api/styles`, { headers: { Authorization: "Basic YTpi" } });
    expect(basic.status).toBe(401);
  });

  it("make a style, generate a set, poll the job and download the ZIP with the key alone", async () => {
    const { secret } = await createKey(api.server, api.user.cookie);
    const call = withKey(api.server, secret);
    const before = await balanceOf(api.database.db, api.user.userId);
    const form = new FormData();
    form.set("name", "Script icons");
    form.set("description", "Flat vector icons, teal and amber");
    form.set("defaultDetail", "draft");
    const created = await call("/api/styles", { method: "POST", body: form });
    expect(created.status).toBe(201);
    const { style, job: samples } = await json<{ style: { id: string }; job: { id: string } }>(created);
    await runJob(api.server, samples.id);

    const submitted = await call("/api/objects", {
      method: "POST",
      json: setBody(style.id, ["Lantern", "Key"]),
      headers: { "Idempotency-Key": "ci-run-1" },
    });
    expect(submitted.status).toBe(202);
    const { job, objects } = await json<{ job: JobView; objects: { id: string }[] }>(submitted);
    expect((await json<{ job: JobView }>(await call(`/api/jobs/${job.id}`))).job.status).toBe("queued");
    await runJob(api.server, job.id);
    expect((await json<{ job: JobView }>(await call(`/api/jobs/${job.id}`))).job).toMatchObject({
      status: "succeeded",
      completed: 2,
    });
    const zip = await call(`/api/objects/export.zip?ids=${objects.map((o) => o.id).join(",")}`);
    expect(zip.status).toBe(200);
    const entries = await readZip(Buffer.from(await zip.arrayBuffer()));
    expect(entries.filter((e) => e.name.endsWith(".png"))).toHaveLength(2);
    // Four draft samples and two draft images, charged to the key's user.
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before - 12 - 6);
    const { keys } = await json<{ keys: ApiKeyView[] }>(
      await api.server.call("/api/keys", { cookie: api.user.cookie }),
    );
    expect(keys.find((k) => k.prefix === secret.slice(0, 12))?.spentThisMonth).toBe(18);
  });

  it("skip the same-origin check (no cookie is read), while a cookie from another origin is still refused", async () => {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const { secret } = await createKey(api.server, api.user.cookie);
    const fromElsewhere = await withKey(api.server, secret)("/api/objects", {
      method: "POST",
      json: setBody(styleId, ["Bell"]),
      headers: { Origin: "https://evil.example" },
    });
    expect(fromElsewhere.status).toBe(202);
    const cookieFromElsewhere = await api.server.call("/api/objects", {
      method: "POST",
      cookie: api.user.cookie,
      json: setBody(styleId, ["Bell"]),
      headers: { Origin: "https://evil.example" },
    });
    expect(cookieFromElsewhere.status).toBe(403);
    // A key request with a session cookie beside it acts as the key, not the cookie.
    const bob = await signInThroughApi(api.server, "bob-keys@example.com");
    const mixed = await withKey(api.server, secret)("/api/users/me", { headers: { Cookie: bob.cookie } });
    expect(JSON.stringify(await mixed.json())).toContain("ann-keys@example.com");
  });

  it("never manage keys or the account, and never reach another user's records", async () => {
    const { key, secret } = await createKey(api.server, api.user.cookie);
    const call = withKey(api.server, secret);
    for (const [method, path] of [
      ["GET", "/api/keys"],
      ["POST", "/api/keys"],
      ["DELETE", `/api/keys/${key.id}`],
      ["DELETE", "/api/users/user"],
      ["GET", "/api/setup"],
    ] as const) {
      const response = await call(path, { method, ...(method === "POST" ? { json: { name: "more" } } : {}) });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect((await json<{ error: { message: string } }>(response)).error.message).toBe(apiKeyMessages.sessionOnly);
    }
    // A key reads itself (its cap and spend); a browser session is not signed in for it, and told to send a key.
    const self = await call("/api/keys/current", { method: "GET" });
    expect(self.status).toBe(200);
    expect((await json<{ key: { id: string; spentThisMonth: number } }>(self)).key).toMatchObject({
      id: key.id,
      spentThisMonth: 0,
    });
    const bySession = await api.server.call("/api/keys/current", { cookie: api.user.cookie });
    expect(bySession.status).toBe(401);
    expect((await json<{ error: { message: string } }>(bySession)).error.message).toBe(apiKeyMessages.keyOnly);
    // Authentication comes first: a revoked or made-up key on these routes hears that, not the 403.
    const revoked = await createKey(api.server, api.user.cookie);
    await api.server.call(`/api/keys/${revoked.key.id}`, { method: "DELETE", cookie: api.user.cookie });
    for (const bad of [revoked.secret, "mtf_made-up"]) {
      const response = await withKey(api.server, bad)("/api/keys", { method: "GET" });
      expect(response.status, bad).toBe(401);
      expect((await json<{ error: { message: string } }>(response)).error.message).not.toBe(apiKeyMessages.sessionOnly);
    }
    const bob = await signInThroughApi(api.server, "bob-records@example.com");
    const { styleId: bobStyle } = await createStyleThroughApi(api.server, bob.cookie);
    expect((await call("/api/objects", { method: "POST", json: setBody(bobStyle, ["Bell"]) })).status).toBe(404);
    expect((await call(`/api/styles/${bobStyle}`, { method: "PATCH", json: { name: "Mine" } })).status).toBe(404);
    const bobKey = await createKey(api.server, bob.cookie);
    const foreign = await api.server.call(`/api/keys/${bobKey.key.id}`, { method: "DELETE", cookie: api.user.cookie });
    expect(foreign.status).toBe(404);
    expect((await withKey(api.server, bobKey.secret)("/api/users/me")).status).toBe(200);
  });

  it("stop at the key's monthly cap, counting what was refunded back in", async () => {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const { secret } = await createKey(api.server, api.user.cookie, { name: "Capped", monthlyCreditCap: 12 });
    const call = withKey(api.server, secret);
    const submit = (subject: string) => call("/api/objects", { method: "POST", json: setBody(styleId, [subject]) });
    const first = await json<{ job: JobView }>(await submit("Bell"));
    for (const subject of ["Drum", "Harp", "Lute"]) expect((await submit(subject)).status).toBe(202);
    const before = await balanceOf(api.database.db, api.user.userId);
    const over = await submit("Oboe");
    expect(over.status).toBe(402);
    expect((await json<{ error: { message: string } }>(over)).error.message).toBe(
      "This API key may spend 12 credits a month; it has spent 12 this month and this needs 3.",
    );
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before);
    // A cancelled job gives its credits back to the cap as well as to the balance: room for one more.
    expect((await call(`/api/jobs/${first.job.id}/cancel`, { method: "POST" })).status).toBe(200);
    // Two at once with room for one: the key's row is locked, so only one gets through.
    const [a, b] = await Promise.all([submit("Oboe"), submit("Tuba")]);
    expect([a.status, b.status].sort()).toEqual([202, 402]);
  });
});

describe.each(testDatabases)("an API key's request budget on $name", (target) => {
  it("answers 429 with Retry-After once a key has used its requests for the minute, in every process", async () => {
    const database = await target.open();
    const env = { SIGNIN_LIMIT_PER_IP: "1000", API_KEY_REQUESTS_PER_MINUTE: "3" };
    const one = await startApiServer(database, env);
    const two = await startApiServer(database, env);
    try {
      const ann = await signInThroughApi(one, "ann-budget@example.com");
      const { secret } = await createKey(one, ann.cookie);
      const answers = [];
      for (const server of [one, two, one]) answers.push(await withKey(server, secret)("/api/users/me"));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      // Each answer says the budget and what is left of it, counted across processes.
      expect(answers.map((a) => a.headers.get("ratelimit-policy"))).toEqual(Array(3).fill('"api-key";q=3;w=60'));
      expect(answers.map((a) => /r=(\d+);t=(\d+)$/.exec(a.headers.get("ratelimit") ?? "")?.[1])).toEqual([
        "2",
        "1",
        "0",
      ]);
      const limited = await withKey(two, secret)("/api/users/me");
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(limited.headers.get("ratelimit")).toMatch(/^"api-key";r=0;t=\d+$/);
      // A browser session has no key budget to tell.
      expect((await one.call("/api/users/me", { cookie: ann.cookie })).headers.get("ratelimit")).toBeNull();
      // The browser session is not the key's budget.
      expect((await one.call("/api/users/me", { cookie: ann.cookie })).status).toBe(200);
      // Another key has its own.
      const other = await createKey(one, ann.cookie);
      expect((await withKey(one, other.secret)("/api/users/me")).status).toBe(200);
    } finally {
      await one.close();
      await two.close();
      await database.close();
    }
  });
});

describe.each(testDatabases)("an API key's live event stream on $name", (target) => {
  it("stays open across keep-alives while the key works, and ends once it is revoked", async () => {
    const database = await target.open();
    const server = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "1000", EVENT_STREAM_HEARTBEAT_SECONDS: "1" });
    try {
      const ann = await signInThroughApi(server, "ann-key-stream@example.com");
      const { key, secret } = await createKey(server, ann.cookie);
      const stream = readStream(await withKey(server, secret)("/api/events"));
      await stream.waitFor((event) => event.event === "credits");
      // Two keep-alives later, each with a liveness check, it is still open.
      expect(await stream.endsWithin(2_500)).toBe(false);
      await server.call(`/api/keys/${key.id}`, { method: "DELETE", cookie: ann.cookie });
      expect(await stream.endsWithin(3_000)).toBe(true);
    } finally {
      await server.close();
      await database.close();
    }
  });
});
