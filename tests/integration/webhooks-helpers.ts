// What the webhook tests share: a receiver's check of a delivery's signature, the network as the
// tests see it, and the set-up around the signed-in API: receivers, the API with the real address
// policy, the job queue and webhook delivery, a style, and the steps the tests take with them.
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import type { ApiKeyView } from "#domain/api-keys";
import type { JobView } from "#domain/objects";
import type { WebhookEvent } from "#domain/webhooks";
import { webhookDeliveries } from "#server/db/schema";
import { startQueueOn, type StartedQueue } from "../support/job-queue";
import { isPublicAddress, publicNetwork, type WebhookNetwork } from "#server/net/address-policy.server";
import { startWebhookDelivery, type WebhookDelivery } from "#server/webhooks/delivery-queue.server";
import { startWebhookReceiver, type WebhookReceiver } from "../fakes/webhook-receiver";
import { createStyleThroughApi, json } from "../support/factories";
import type { SignedInApi } from "../support/signed-in-api";
import { startApiServer, type ApiTestServer } from "../support/test-server";

/** A job's ending, as posted. */
export type JobEvent = Extract<WebhookEvent, { data: { job: JobView } }>;

/** Checks a delivery as a receiver should: the HMAC over "<t>.<body>" with the secret, and a recent t. */
export function verifySignature(header: string, body: string, secret: string, now = Date.now()): boolean {
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
export const answers: Record<string, string> = { "hooks.test": "127.0.0.1", "internal.test": "10.0.0.5" };
const testNetwork: WebhookNetwork = {
  async resolve(hostname) {
    const address = answers[hostname];
    return address ? [{ address, family: 4 }] : publicNetwork.resolve(hostname);
  },
  allows: (address) => address === "127.0.0.1" || isPublicAddress(address),
};

/** What `setUpWebhooks` makes before the tests: filled in by its `beforeAll`. */
export interface WebhookWorld {
  receiver: WebhookReceiver;
  /** Another receiver, standing for a private service a redirect might point at. */
  privateService: WebhookReceiver;
  /** The same API with the real address policy, as production runs it. */
  strict: ApiTestServer;
  delivery: WebhookDelivery;
  queue: StartedQueue;
  /** A style made in the browser session, and its samples job, which has no key. */
  styleId: string;
  sampleJobId: string;
}

/**
 * Registers the suite's `beforeAll`/`afterAll` around `api` (on the test network): the receivers,
 * the strict API, the job queue and webhook delivery, and a style; all stopped afterwards. Answers
 * what it made (read it inside tests) and the steps the tests take with it.
 */
export function setUpWebhooks(api: SignedInApi) {
  const world = {} as WebhookWorld;

  beforeAll(async () => {
    api.server.services.webhookNetwork = testNetwork;
    world.receiver = await startWebhookReceiver();
    world.privateService = await startWebhookReceiver();
    world.strict = await startApiServer(api.database);
    world.queue = await startQueueOn(api.database);
    world.delivery = await startWebhookDelivery({
      jobs: world.queue.jobs,
      database: api.database,
      network: testNetwork,
      // Three attempts a second apart, so retries are seen within a test.
      retry: { attempts: 3, retryDelaySeconds: 1, retryDelayMaxSeconds: 1 },
      timeoutMs: 5_000,
    });
    // Made in the browser session: its samples job has no key.
    ({ styleId: world.styleId, sampleJobId: world.sampleJobId } = await createStyleThroughApi(
      api.server,
      api.user.cookie,
    ));
  });
  afterAll(async () => {
    await world.delivery?.stop();
    await world.queue?.stop();
    await world.strict?.close();
    await world.receiver?.close();
    await world.privateService?.close();
  });

  const hookUrl = (name: string) => `http://hooks.test:${world.receiver.port}/hooks/${name}`;
  const receivedAt = (name: string) => world.receiver.received.filter((r) => r.path === `/hooks/${name}`);

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
      body: JSON.stringify({
        styleId: world.styleId,
        subjects: ["Lantern"],
        size: "square",
        detail: "draft",
        transparent: true,
      }),
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
      const job = await world.queue.jobs.boss.getJobById("webhook-delivery", deliveryId);
      return job?.state === "completed" ? job : undefined;
    });

  return { world, hookUrl, receivedAt, createKey, keyWithHook, jobWithKey, deliveryOf, settled, queueDone };
}
