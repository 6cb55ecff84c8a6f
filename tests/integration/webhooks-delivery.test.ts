// Webhooks out, as delivered: a key's jobs' endings are posted, signed, to its URL through the job
// queue (pg-boss), once; retried with backoff on 5xx, given up on other 4xx and redirects, and
// never sent to a host that now resolves to a private address. On both databases.
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiKeyView } from "#domain/api-keys";
import type { JobView } from "#domain/objects";
import type { WebhookDelivery } from "#server/webhooks/delivery-queue.server";
import type { WebhookReceiver } from "../fakes/webhook-receiver";
import { testDatabases } from "../support/databases";
import { json, runJob } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { answers, setUpWebhooks, verifySignature, type JobEvent } from "./webhooks-helpers";

describe.each(testDatabases)("webhooks on $name", (target) => {
  const api = setUpSignedInApi(target, "ann-hooks@example.com");
  const { world, hookUrl, receivedAt, createKey, keyWithHook, jobWithKey, deliveryOf, settled, queueDone } =
    setUpWebhooks(api);
  // What the set-up made, by the names the tests use.
  let receiver: WebhookReceiver;
  let privateService: WebhookReceiver;
  let delivery: WebhookDelivery;
  let sampleJobId: string;
  beforeAll(() => {
    ({ receiver, privateService, delivery, sampleJobId } = world);
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
});
