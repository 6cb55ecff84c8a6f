// Webhooks out: a key's jobs' endings are posted, signed, to its URL through the job
// queue (pg-boss), retried with backoff on 5xx, given up on other 4xx and redirects,
// and never sent to a private, loopback or link-local address, whatever DNS says.
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiKeyView } from "#domain/api-keys";
import type { JobView } from "#domain/objects";
import type { WebhookDeliveryView, WebhookEvent } from "#domain/webhooks";
import { webhookDeliveries } from "#server/db/schema";

/** A job's ending, as posted. */
type JobEvent = Extract<WebhookEvent, { data: { job: JobView } }>;
import { startGenerationQueue, type StartedGenerationQueue } from "#server/generation/queue.server";
import { isPublicAddress, publicNetwork, type WebhookNetwork } from "#server/webhooks/address-policy.server";
import { startWebhookDelivery, type WebhookDelivery } from "#server/webhooks/delivery-queue.server";
import { NO_WEBHOOK, STILL_DELIVERING } from "#server/webhooks/webhook-console.server";
import { startWebhookReceiver, type WebhookReceiver } from "../fakes/webhook-receiver";
import { testDatabases } from "../support/databases";
import { createStyleThroughApi, json, runJob } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

/** Checks a delivery as a receiver should: the HMAC over "<t>.<body>" with the secret, and a recent t. */
function verifySignature(header: string, body: string, secret: string, now = Date.now()): boolean {
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > 300) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Waits for `check` to return a value (not undefined), polling; fails after `timeoutMs`. */
async function until<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("Timed out waiting for a condition");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The network as the tests see it: `hooks.test` is the receiver on loopback (allowed
 * here, and only here), `internal.test` a private address; `rebind.test` answers what
 * the test sets. Every other address is judged by the real policy.
 */
const answers: Record<string, string> = { "hooks.test": "127.0.0.1", "internal.test": "10.0.0.5" };
const testNetwork: WebhookNetwork = {
  async resolve(hostname) {
    const address = answers[hostname];
    return address ? [{ address, family: 4 }] : publicNetwork.resolve(hostname);
  },
  allows: (address) => address === "127.0.0.1" || isPublicAddress(address),
};

describe.each(testDatabases)("webhooks on $name", (target) => {
  const api = setUpSignedInApi(target, "ann-hooks@example.com");
  let receiver: WebhookReceiver;
  /** Another receiver, standing for a private service a redirect might point at. */
  let privateService: WebhookReceiver;
  /** The same API with the real address policy, as production runs it. */
  let strict: ApiTestServer;
  let delivery: WebhookDelivery;
  let queue: StartedGenerationQueue;
  let styleId: string;
  let sampleJobId: string;

  beforeAll(async () => {
    api.server.services.webhookNetwork = testNetwork;
    receiver = await startWebhookReceiver();
    privateService = await startWebhookReceiver();
    strict = await startApiServer(api.database);
    queue = await startGenerationQueue({ database: api.database, heartbeatSeconds: 30 });
    delivery = await startWebhookDelivery({
      boss: queue.boss,
      database: api.database,
      network: testNetwork,
      // Three attempts a second apart, so retries are seen within a test.
      retry: { attempts: 3, retryDelaySeconds: 1, retryDelayMaxSeconds: 1 },
      timeoutMs: 5_000,
    });
    // Made in the browser session: its samples job has no key.
    ({ styleId, sampleJobId } = await createStyleThroughApi(api.server, api.user.cookie));
  });
  afterAll(async () => {
    await delivery?.stop();
    await queue?.stop();
    await strict?.close();
    await receiver?.close();
    await privateService?.close();
  });

  const hookUrl = (name: string) => `http://hooks.test:${receiver.port}/hooks/${name}`;
  const receivedAt = (name: string) => receiver.received.filter((r) => r.path === `/hooks/${name}`);

  async function createKey(body: Record<string, unknown>, server = api.server) {
    return server.call("/api/keys", { method: "POST", cookie: api.user.cookie, json: { name: "Pipeline", ...body } });
  }

  async function keyWithHook(name: string) {
    const response = await createKey({ webhookUrl: hookUrl(name) });
    expect(response.status).toBe(201);
    return json<{ key: ApiKeyView; secret: string; webhookSecret: string }>(response);
  }

  /** Submits one draft object with the key and runs its job to the end. */
  async function jobWithKey(secret: string): Promise<string> {
    const submitted = await fetch(`${api.server.url}/api/objects`, {
      method: "POST",
      headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
      body: JSON.stringify({ styleId, subjects: ["Lantern"], size: "square", detail: "draft", transparent: true }),
    });
    expect(submitted.status).toBe(202);
    const { job } = await json<{ job: JobView }>(submitted);
    return job.id;
  }

  const deliveryOf = async (jobId: string) =>
    (await api.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.jobId, jobId)))[0];
  const settled = (jobId: string) =>
    until(async () => {
      const row = await deliveryOf(jobId);
      return row && row.status !== "pending" ? row : undefined;
    });
  /** The delivery's queue job is finished with: completed (delivered or given up), not waiting for a retry. */
  const queueDone = (deliveryId: string) =>
    until(async () => {
      const job = await queue.boss.getJobById("webhook-delivery", deliveryId);
      return job?.state === "completed" ? job : undefined;
    });

  it("creates a key with a webhook, showing its signing secret once and listing the URL", async () => {
    const { key, webhookSecret } = await keyWithHook("created");
    expect(webhookSecret).toMatch(/^whsec_[\w-]{40,}$/);
    expect(key).toMatchObject({ webhookUrl: hookUrl("created"), lastDelivery: null });
    const list = await json<{ keys: ApiKeyView[] }>(await api.server.call("/api/keys", { cookie: api.user.cookie }));
    expect(list.keys.find((k) => k.id === key.id)?.webhookUrl).toBe(hookUrl("created"));
    expect(JSON.stringify(list)).not.toContain(webhookSecret);
    // A key without a webhook has no secret for one.
    const plain = await json<{ webhookSecret: string | null }>(await createKey({}));
    expect(plain.webhookSecret).toBeNull();
  });

  it("posts a finished job once, signed, with the job as GET /api/jobs/:id shows it", async () => {
    const { key, secret, webhookSecret } = await keyWithHook("finished");
    const jobId = await jobWithKey(secret);
    expect((await runJob(api.server, jobId))?.status).toBe("succeeded");

    const row = await settled(jobId);
    expect(row).toMatchObject({ status: "delivered", attempts: 1, lastStatus: 200 });
    await queueDone(row.id);
    const [posted, ...more] = receivedAt("finished");
    expect(more).toHaveLength(0);
    expect(posted!.headers["content-type"]).toBe("application/json");
    expect(posted!.headers["motif-event-id"]).toBe(row.id);
    const signature = String(posted!.headers["motif-signature"]);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(signature, posted!.body, webhookSecret)).toBe(true);
    expect(verifySignature(signature, posted!.body, `${webhookSecret}x`)).toBe(false);
    expect(verifySignature(signature, posted!.body.replace("succeeded", "failed"), webhookSecret)).toBe(false);
    // A captured delivery replayed an hour later fails the timestamp check.
    expect(verifySignature(signature, posted!.body, webhookSecret, Date.now() + 3600_000)).toBe(false);

    const event = JSON.parse(posted!.body) as JobEvent;
    const view = await json<{ job: JobView }>(
      await fetch(`${api.server.url}/api/jobs/${jobId}`, { headers: { Authorization: `Bearer ${secret}` } }),
    );
    expect(event).toEqual({ id: row.id, type: "job.succeeded", createdAt: row.createdAt.toISOString(), data: view });
    expect(event.data.job).toMatchObject({ status: "succeeded", completed: 1, total: 1 });

    // Relaying again finds nothing: the event is queued once.
    expect(await delivery.relay()).toBe(0);
    const { keys } = await json<{ keys: ApiKeyView[] }>(
      await api.server.call("/api/keys", { cookie: api.user.cookie }),
    );
    expect(keys.find((k) => k.id === key.id)?.lastDelivery).toMatchObject({
      status: "delivered",
      event: "job.succeeded",
      jobId,
      attempts: 1,
      lastStatus: 200,
    });
  });

  it("posts a cancelled job as job.canceled", async () => {
    const { secret } = await keyWithHook("cancelled");
    const jobId = await jobWithKey(secret);
    const cancelled = await fetch(`${api.server.url}/api/jobs/${jobId}/cancel`, {
      method: "POST",
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(cancelled.status).toBe(200);
    expect(await settled(jobId)).toMatchObject({ status: "delivered", event: "job.canceled" });
    const event = JSON.parse(receivedAt("cancelled")[0]!.body) as JobEvent;
    expect(event.type).toBe("job.canceled");
    expect(event.data.job).toMatchObject({ id: jobId, status: "canceled", refundedCredits: 3 });
  });

  it("records nothing for a job whose key has no webhook, nor for a browser's job", async () => {
    const plain = await json<{ secret: string }>(await createKey({}));
    const jobId = await jobWithKey(plain.secret);
    expect((await runJob(api.server, jobId))?.status).toBe("succeeded");
    expect(await deliveryOf(jobId)).toBeUndefined();
    expect(await deliveryOf(sampleJobId)).toBeUndefined();
  });

  it("retries a receiver that answered 500, then delivers once, the same event and body", async () => {
    const { secret, webhookSecret } = await keyWithHook("flaky");
    receiver.answer(500);
    const jobId = await jobWithKey(secret);
    await runJob(api.server, jobId);
    const row = await settled(jobId);
    expect(row).toMatchObject({ status: "delivered", attempts: 2, lastStatus: 200, lastError: null });
    await queueDone(row.id);
    const posts = receivedAt("flaky");
    expect(posts.map((p) => p.status)).toEqual([500, 200]);
    expect(posts[1]!.body).toBe(posts[0]!.body);
    expect(posts[1]!.headers["motif-event-id"]).toBe(posts[0]!.headers["motif-event-id"]);
    expect(posts.every((p) => verifySignature(String(p.headers["motif-signature"]), p.body, webhookSecret))).toBe(true);
  });

  it("gives up after its last attempt when the receiver keeps failing", async () => {
    const { secret } = await keyWithHook("down");
    receiver.answer(503, 503, 503);
    const jobId = await jobWithKey(secret);
    await runJob(api.server, jobId);
    const row = await settled(jobId);
    expect(row).toMatchObject({ status: "failed", attempts: 3, lastStatus: 503 });
    expect(row.lastError).toBe("The receiver answered 503.");
    await queueDone(row.id);
    expect(receivedAt("down")).toHaveLength(3);
  });

  it("stops at a 410: no retry", async () => {
    const { secret } = await keyWithHook("gone");
    receiver.answer(410);
    const jobId = await jobWithKey(secret);
    await runJob(api.server, jobId);
    const row = await settled(jobId);
    expect(row).toMatchObject({ status: "failed", attempts: 1, lastStatus: 410 });
    await queueDone(row.id);
    expect(receivedAt("gone")).toHaveLength(1);
  });

  it("does not follow a redirect, even to an address it could reach", async () => {
    const { secret } = await keyWithHook("redirect");
    receiver.redirectTo = `http://127.0.0.1:${privateService.port}/hooks/redirect`;
    receiver.answer(302);
    const jobId = await jobWithKey(secret);
    await runJob(api.server, jobId);
    const row = await settled(jobId);
    expect(row).toMatchObject({ status: "failed", attempts: 1, lastStatus: 302 });
    expect(row.lastError).toMatch(/redirect \(302\); redirects are not followed/);
    await queueDone(row.id);
    expect(privateService.received).toHaveLength(0);
  });

  it("refuses at delivery a host that now resolves to a private address, without sending or retrying", async () => {
    answers["rebind.test"] = "127.0.0.1";
    const created = await createKey({ webhookUrl: `http://rebind.test:${receiver.port}/hooks/rebind` });
    expect(created.status).toBe(201);
    const { secret } = await json<{ secret: string }>(created);
    answers["rebind.test"] = "169.254.169.254";
    const jobId = await jobWithKey(secret);
    await runJob(api.server, jobId);
    const row = await settled(jobId);
    expect(row).toMatchObject({ status: "failed", attempts: 1, lastStatus: null });
    expect(row.lastError).toMatch(
      /only sent to public internet addresses.*rebind\.test resolves to 169\.254\.169\.254/,
    );
    await queueDone(row.id);
    expect(receivedAt("rebind")).toHaveLength(0);
  });

  it.each([
    ["http://127.0.0.1:8080/hook", "loopback"],
    ["http://10.1.2.3/hook", "a private range"],
    ["http://169.254.169.254/latest/meta-data/", "cloud metadata"],
    ["http://[::1]:8080/hook", "IPv6 loopback"],
    ["http://[::ffff:192.168.0.1]/hook", "IPv4-mapped private"],
    ["http://localhost:3000/hook", "a name resolving to loopback"],
  ])("refuses to create a key posting to %s (%s), with a plain 400", async (webhookUrl) => {
    const response = await createKey({ webhookUrl }, strict);
    expect(response.status).toBe(400);
    const { error } = await json<{ error: { message: string } }>(response);
    expect(error.message).toMatch(/^Webhooks are only sent to public internet addresses/);
  });

  it("refuses a name that resolves to a private address, and malformed URLs", async () => {
    const internal = await createKey({ webhookUrl: "https://internal.test/hook" });
    expect(internal.status).toBe(400);
    expect((await json<{ error: { message: string } }>(internal)).error.message).toMatch(
      /internal\.test resolves to 10\.0\.0\.5/,
    );
    for (const webhookUrl of ["ftp://example.com/x", "not a url", "https://user:pass@example.com/x"]) {
      expect((await createKey({ webhookUrl })).status, webhookUrl).toBe(400);
    }
  });

  it("sends a test event at once, lists deliveries with the receiver's answers, and redelivers a failed one", async () => {
    const { key, secret, webhookSecret } = await keyWithHook("console");
    const post = (path: string, cookie = api.user.cookie) => api.server.call(path, { method: "POST", cookie });
    const keyPath = `/api/keys/${key.id}/webhook`;

    const tested = await post(`${keyPath}/test`);
    expect(tested.status).toBe(200);
    const { delivery: test } = await json<{ delivery: WebhookDeliveryView }>(tested);
    expect(test).toMatchObject({
      event: "webhook.test",
      jobId: null,
      status: "delivered",
      attempts: 1,
      lastStatus: 200,
      lastResponse: "ok",
    });
    const [posted] = receivedAt("console");
    expect(posted!.headers["motif-event-id"]).toBe(test.id);
    expect(posted!.headers["motif-event-type"]).toBe("webhook.test");
    expect(verifySignature(String(posted!.headers["motif-signature"]), posted!.body, webhookSecret)).toBe(true);
    expect(JSON.parse(posted!.body)).toEqual({
      id: test.id,
      type: "webhook.test",
      createdAt: test.createdAt,
      data: { key: { id: key.id, name: "Pipeline" } },
    });

    // A job's ending that the receiver refuses (410: not retried) fails, with what it answered.
    receiver.answer(410);
    const jobId = await jobWithKey(secret);
    await runJob(api.server, jobId);
    const failed = await settled(jobId);
    expect(failed).toMatchObject({ status: "failed", attempts: 1, lastStatus: 410, lastResponse: "no" });

    const listed = await json<{ deliveries: WebhookDeliveryView[] }>(
      await api.server.call(`${keyPath}/deliveries`, { cookie: api.user.cookie }),
    );
    expect(listed.deliveries.map((d) => [d.event, d.status, d.lastStatus])).toEqual([
      ["job.succeeded", "failed", 410],
      ["webhook.test", "delivered", 200],
    ]);

    // Redelivered now: the same event and bytes, signed anew, one more attempt.
    const again = await post(`${keyPath}/deliveries/${failed.id}/redeliver`);
    expect(again.status).toBe(200);
    expect((await json<{ delivery: WebhookDeliveryView }>(again)).delivery).toMatchObject({
      id: failed.id,
      jobId,
      status: "delivered",
      attempts: 2,
      lastStatus: 200,
      lastError: null,
    });
    const [refused, redelivered] = receivedAt("console").slice(-2);
    expect(redelivered!.body).toBe(refused!.body);
    expect(redelivered!.headers["motif-event-id"]).toBe(failed.id);
    expect(verifySignature(String(redelivered!.headers["motif-signature"]), redelivered!.body, webhookSecret)).toBe(
      true,
    );

    // An event still being retried is left to its retries.
    await api.database.db
      .update(webhookDeliveries)
      .set({ status: "pending" })
      .where(eq(webhookDeliveries.id, failed.id));
    const pending = await post(`${keyPath}/deliveries/${failed.id}/redeliver`);
    expect(pending.status).toBe(409);
    expect((await json<{ error: { message: string } }>(pending)).error.message).toBe(STILL_DELIVERING);
    const count = receivedAt("console").length;

    // Only the key's owner, in a browser: another user and an API key are refused, and nothing is sent.
    const bob = await signInThroughApi(api.server, "bob-hooks@example.com");
    expect((await post(`${keyPath}/test`, bob.cookie)).status).toBe(404);
    expect((await api.server.call(`${keyPath}/deliveries`, { cookie: bob.cookie })).status).toBe(404);
    const withKey = await fetch(`${api.server.url}${keyPath}/test`, {
      method: "POST",
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(withKey.status).toBe(403);
    expect(receivedAt("console")).toHaveLength(count);

    // A key without a webhook has nothing to test.
    const plain = await json<{ key: ApiKeyView }>(await createKey({}));
    const none = await post(`/api/keys/${plain.key.id}/webhook/test`);
    expect(none.status).toBe(409);
    expect((await json<{ error: { message: string } }>(none)).error.message).toBe(NO_WEBHOOK);
  });

  it("sets, changes and clears a key's webhook with PATCH, from a browser session only", async () => {
    const { key, secret } = await json<{ key: ApiKeyView; secret: string }>(await createKey({}));
    const patch = (body: unknown, init: { cookie?: string; headers?: Record<string, string> } = {}) =>
      api.server.call(`/api/keys/${key.id}`, { method: "PATCH", json: body, cookie: api.user.cookie, ...init });

    const set = await patch({ webhookUrl: hookUrl("patched") });
    expect(set.status).toBe(200);
    const first = await json<{ key: ApiKeyView; webhookSecret: string | null }>(set);
    expect(first.key.webhookUrl).toBe(hookUrl("patched"));
    expect(first.webhookSecret).toMatch(/^whsec_/);
    // Changing the URL keeps the secret, which is not shown again.
    const changed = await json<{ key: ApiKeyView; webhookSecret: string | null }>(
      await patch({ webhookUrl: hookUrl("patched-2") }),
    );
    expect(changed).toMatchObject({ key: { webhookUrl: hookUrl("patched-2") }, webhookSecret: null });

    const jobId = await jobWithKey(secret);
    await runJob(api.server, jobId);
    await settled(jobId);
    const posted = receivedAt("patched-2")[0]!;
    expect(verifySignature(String(posted.headers["motif-signature"]), posted.body, first.webhookSecret!)).toBe(true);

    expect((await patch({ webhookUrl: "https://internal.test/x" })).status).toBe(400);
    const cleared = await json<{ key: ApiKeyView }>(await patch({ webhookUrl: null }));
    expect(cleared.key.webhookUrl).toBeNull();
    // Set again after clearing: a fresh secret.
    const again = await json<{ webhookSecret: string | null }>(await patch({ webhookUrl: hookUrl("patched") }));
    expect(again.webhookSecret).toMatch(/^whsec_/);
    expect(again.webhookSecret).not.toBe(first.webhookSecret);

    const withKey = await fetch(`${api.server.url}/api/keys/${key.id}`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
      body: JSON.stringify({ webhookUrl: null }),
    });
    expect(withKey.status).toBe(403);
    expect((await patch({ webhookUrl: null }, { cookie: "" })).status).toBe(401);
    const missing = await api.server.call("/api/keys/nope", {
      method: "PATCH",
      json: { webhookUrl: null },
      cookie: api.user.cookie,
    });
    expect(missing.status).toBe(404);
  });
});
