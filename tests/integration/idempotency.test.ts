import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { creditLedger, generationJobs, idempotencyKeys } from "#server/db/schema";
import { deleteExpiredIdempotencyKeys } from "#server/idempotency/idempotency-keys.server";
import { testDatabases } from "../support/databases";
import { balanceOf, grantCredits, insertStyle, ledgerSum, submitObjects } from "../support/factories";
import { noQueue, signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

type ErrorBody = { error: { code: string; message: string } };
type Answer = { status: number; body: unknown; replayed: string | null };

let keyCounter = 0;
const newKey = (label: string) => `${label}-${Date.now()}-${keyCounter++}`;

describe.each(testDatabases)("Idempotency-Key on $name", (target) => {
  let database: DatabaseHandle;
  let server: ApiTestServer;
  let ann: { cookie: string; userId: string };
  let bob: { cookie: string; userId: string };
  // Jobs stay queued: what is charged is what was reserved at submission.
  const queue = noQueue;

  beforeAll(async () => {
    database = await target.open();
    server = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "1000" }, { queue });
    ann = await signInThroughApi(server, "ann@example.com");
    bob = await signInThroughApi(server, "bob@example.com");
    await grantCredits(database.db, ann.userId, 1000);
    await grantCredits(database.db, bob.userId, 1000);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  /** A request as each spending route takes it; a fresh FormData each time, as a retrying browser sends. */
  type Call = { path: string; json?: unknown; form?: () => FormData };

  async function send(call: Call, key: string | undefined, cookie = ann.cookie): Promise<Answer> {
    const response = await server.call(call.path, {
      method: "POST",
      cookie,
      json: call.json,
      body: call.form?.(),
      headers: key ? { "Idempotency-Key": key } : {},
    });
    return {
      status: response.status,
      body: await response.json(),
      replayed: response.headers.get("idempotent-replayed"),
    };
  }

  const jobCount = async (userId: string) =>
    (await database.db.select().from(generationJobs).where(eq(generationJobs.ownerId, userId))).length;

  async function newStyle() {
    return insertStyle(database.db, { ownerId: ann.userId });
  }
  async function newObject() {
    const set = await submitObjects(server, ann.cookie, { styleId: await newStyle(), subjects: ["Lamp"] });
    return set.objects[0]!.id;
  }
  /** A style whose sample job was cancelled: its missing samples can be made again. */
  async function styleMissingSamples() {
    const created = await send(styleCall(), undefined);
    const styleId = (created.body as { style: { id: string } }).style.id;
    const cancelled = await server.call(`/api/styles/${styleId}/cancel`, { method: "POST", cookie: ann.cookie });
    expect(cancelled.status).toBe(200);
    return styleId;
  }
  const styleCall = (name = "Flat icons"): Call => ({
    path: "/api/styles",
    form: () => {
      const form = new FormData();
      form.set("name", name);
      form.set("description", "Flat vector icons, warm amber and teal");
      form.set("defaultDetail", "draft");
      form.set("defaultSize", "square");
      return form;
    },
  });
  const objectsCall = (styleId: string, subjects = ["Lantern", "Compass"]): Call => ({
    path: "/api/objects",
    json: { styleId, subjects, size: "square", detail: "draft", transparent: true },
  });
  const variationsCall = (objectId: string, count = 2): Call => ({
    path: `/api/objects/${objectId}/variations`,
    json: { count },
  });
  const anchorsCall = (styleId: string): Call => ({ path: `/api/styles/${styleId}/anchors` });

  it("answers five parallel requests with one key with the first answer, charged once, on every spending route", async () => {
    const calls: [string, Call][] = [
      ["POST /api/objects", objectsCall(await newStyle())],
      ["POST /api/objects/:id/variations", variationsCall(await newObject())],
      ["POST /api/styles", styleCall()],
      ["POST /api/styles/:id/anchors", anchorsCall(await styleMissingSamples())],
    ];
    const charged: Record<string, number> = {};
    for (const [route, call] of calls) {
      const before = await balanceOf(database.db, ann.userId);
      const jobsBefore = await jobCount(ann.userId);
      const key = newKey("parallel");
      const answers = await Promise.all(Array.from({ length: 5 }, () => send(call, key)));
      const first = answers.find((a) => a.replayed === null)!;
      expect({ route, statuses: answers.map((a) => a.status) }).toEqual({
        route,
        statuses: Array(5).fill(route.startsWith("POST /api/styles") ? 201 : 202),
      });
      for (const answer of answers) expect(answer.body).toEqual(first.body);
      expect(answers.filter((a) => a.replayed === "true")).toHaveLength(4);
      const job = (first.body as { job: { id: string; credits: number } }).job;
      expect(job.credits).toBeGreaterThan(0);
      charged[route] = job.credits;
      expect({ route, jobs: await jobCount(ann.userId) }).toEqual({ route, jobs: jobsBefore + 1 });
      const reserves = await database.db.select().from(creditLedger).where(eq(creditLedger.ref, job.id));
      expect(reserves.map((r) => [r.reason, r.delta])).toEqual([["generation_reserve", -job.credits]]);
      expect(await balanceOf(database.db, ann.userId)).toBe(before - job.credits);
    }
    // Objects and variations at draft square: 2 images × 3 credits each.
    expect([charged["POST /api/objects"], charged["POST /api/objects/:id/variations"]]).toEqual([6, 6]);
    expect(await ledgerSum(database.db, ann.userId)).toBe(await balanceOf(database.db, ann.userId));
  });

  it("refuses a key sent to another route, or with another body, with 422 and charges nothing", async () => {
    const styleId = await newStyle();
    const key = newKey("reused");
    const first = await send(objectsCall(styleId), key);
    expect(first.status).toBe(202);
    const objectId = (first.body as { objects: { id: string }[] }).objects[0]!.id;
    const before = await balanceOf(database.db, ann.userId);
    const jobsBefore = await jobCount(ann.userId);
    const others: [string, Call][] = [
      ["another route", variationsCall(objectId)],
      ["another style's samples", anchorsCall(styleId)],
      ["a new style", styleCall()],
      ["another body", objectsCall(styleId, ["Lantern"])],
    ];
    for (const [what, call] of others) {
      const answer = await send(call, key);
      expect({ what, status: answer.status, code: (answer.body as ErrorBody).error.code }).toEqual({
        what,
        status: 422,
        code: "idempotency_mismatch",
      });
      expect((answer.body as ErrorBody).error.message).toBe(
        "This Idempotency-Key was already used for a different request. Use a new key for a new request.",
      );
    }
    // The same body for another object is another request too.
    const variationsKey = newKey("variations");
    expect((await send(variationsCall(objectId), variationsKey)).status).toBe(202);
    expect((await send(variationsCall(await newObject()), variationsKey)).status).toBe(422);
    // Only the two accepted: variations (2 × 3) and the new object's set (1 × 3).
    expect(await balanceOf(database.db, ann.userId)).toBe(before - 6 - 3);
    expect(await jobCount(ann.userId)).toBe(jobsBefore + 2);
  });

  it("replays the first answer after its resource is deleted, and never charges again", async () => {
    const styleId = await newStyle();
    const objectsKey = newKey("deleted");
    const first = await send(objectsCall(styleId), objectsKey);
    const objectId = (first.body as { objects: { id: string }[] }).objects[0]!.id;
    const variationsKey = newKey("deleted-variations");
    const firstVariations = await send(variationsCall(objectId), variationsKey);
    const styleKey = newKey("deleted-style");
    const firstStyle = await send(styleCall("Short-lived"), styleKey);
    expect([first.status, firstVariations.status, firstStyle.status]).toEqual([202, 202, 201]);
    const madeStyleId = (firstStyle.body as { style: { id: string } }).style.id;

    expect((await server.call(`/api/objects/${objectId}`, { method: "DELETE", cookie: ann.cookie })).status).toBe(200);
    for (const id of [styleId, madeStyleId]) {
      expect((await server.call(`/api/styles/${id}`, { method: "DELETE", cookie: ann.cookie })).status).toBe(200);
    }
    const before = await balanceOf(database.db, ann.userId);
    const jobsBefore = await jobCount(ann.userId);

    const replayed = await send(objectsCall(styleId), objectsKey);
    expect(replayed).toEqual({ ...first, replayed: "true" });
    const replayedVariations = await send(variationsCall(objectId), variationsKey);
    expect(replayedVariations).toEqual({ ...firstVariations, replayed: "true" });
    expect(await send(styleCall("Short-lived"), styleKey)).toEqual({ ...firstStyle, replayed: "true" });
    expect(await balanceOf(database.db, ann.userId)).toBe(before);
    expect(await jobCount(ann.userId)).toBe(jobsBefore);
  });

  it("keeps a key to its user: another user's same key is their own request", async () => {
    const key = newKey("shared");
    const annStyle = await newStyle();
    const bobStyle = await insertStyle(database.db, { ownerId: bob.userId });
    const annAnswer = await send(objectsCall(annStyle), key);
    const bobBefore = await balanceOf(database.db, bob.userId);
    const bobAnswer = await send(objectsCall(bobStyle), key, bob.cookie);
    expect([annAnswer.status, bobAnswer.status]).toEqual([202, 202]);
    expect(bobAnswer.replayed).toBeNull();
    expect((bobAnswer.body as { job: { id: string } }).job.id).not.toBe(
      (annAnswer.body as { job: { id: string } }).job.id,
    );
    expect(await balanceOf(database.db, bob.userId)).toBe(bobBefore - 6);
  });

  it("does not keep a refused request: after a short balance, the same key goes through once credits are added", async () => {
    const carol = await signInThroughApi(server, "carol@example.com");
    const styleId = await insertStyle(database.db, { ownerId: carol.userId });
    const call = objectsCall(
      styleId,
      Array.from({ length: 40 }, (_, i) => `Thing ${i}`),
    );
    const key = newKey("short");
    const refused = await send(call, key, carol.cookie);
    expect(refused.status).toBe(402);
    await grantCredits(database.db, carol.userId, 100);
    const accepted = await send(call, key, carol.cookie);
    expect(accepted.status).toBe(202);
    expect(await balanceOf(database.db, carol.userId)).toBe(200 - 120);
  });

  it("keeps the answer 24 hours; an expired key is a new request, and expired keys are deleted", async () => {
    const styleId = await newStyle();
    const key = newKey("expiry");
    const first = await send(objectsCall(styleId), key);
    const [row] = await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    const hours = (row!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect(row!.status).toBe(202);

    await database.db
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(idempotencyKeys.key, key));
    const before = await balanceOf(database.db, ann.userId);
    const again = await send(objectsCall(styleId), key);
    expect(again.status).toBe(202);
    expect(again.replayed).toBeNull();
    expect((again.body as { job: { id: string } }).job.id).not.toBe((first.body as { job: { id: string } }).job.id);
    expect(await balanceOf(database.db, ann.userId)).toBe(before - 6);

    // Housekeeping deletes every expired key, and only those.
    const staleKey = newKey("stale");
    await send(objectsCall(styleId, ["Anchor"]), staleKey);
    await database.db
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(idempotencyKeys.key, staleKey));
    const deleted = await deleteExpiredIdempotencyKeys(database.db);
    expect(deleted).toBe(1);
    const left = await database.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(left.map((r) => r.key)).toContain(key);
    expect(left.map((r) => r.key)).not.toContain(staleKey);
  });

  it("refuses a malformed key with 400", async () => {
    const answer = await send(objectsCall(await newStyle()), "short");
    expect(answer.status).toBe(400);
    expect((answer.body as ErrorBody).error.code).toBe("bad_request");
  });
});
