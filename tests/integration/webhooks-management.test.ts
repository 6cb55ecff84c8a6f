// Managing a key's webhook: a URL on a private, loopback or link-local address refused at once,
// whatever DNS says; a test event, the recent deliveries with the receiver's answers and a
// redelivery, for the key's owner in a browser only; the URL set, changed and cleared with PATCH.
// On both databases.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiKeyView } from "#domain/api-keys";
import type { WebhookDeliveryView } from "#domain/webhooks";
import { webhookDeliveries } from "#server/db/schema";
import { NO_WEBHOOK, STILL_DELIVERING } from "#server/webhooks/webhook-console.server";
import type { WebhookReceiver } from "../fakes/webhook-receiver";
import { testDatabases } from "../support/databases";
import { json, runJob } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi, type ApiTestServer } from "../support/test-server";
import { setUpWebhooks, verifySignature } from "./webhooks-helpers";

describe.each(testDatabases)("webhooks on $name", (target) => {
  const api = setUpSignedInApi(target, "ann-hooks@example.com");
  const { world, hookUrl, receivedAt, createKey, keyWithHook, jobWithKey, settled } = setUpWebhooks(api);
  // What the set-up made, by the names the tests use.
  let receiver: WebhookReceiver;
  let strict: ApiTestServer;
  beforeAll(() => {
    ({ receiver, strict } = world);
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
    const { error } = await json<{ error: { message: string; fields: { path: string; message: string }[] } }>(response);
    expect(error.message).toMatch(/^Webhooks are only sent to public internet addresses/);
    // Named on its field, so a form shows it under the URL.
    expect(error.fields).toEqual([{ path: "webhookUrl", message: error.message }]);
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
