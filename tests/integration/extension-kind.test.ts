// A job kind and a provider from a folder of their own (tests/fixtures/extension), added to the
// process without changing any of Motif's files: the provider is configured from its variables,
// and a paid job of the kind runs through the real queue and worker, priced by the provider,
// paid once, and refunded by the rules every kind follows. On both databases.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { unitPrice } from "#domain/pricing";
import type { DatabaseHandle } from "#server/db/client.server";
import { creditLedger, generationJobs, images } from "#server/db/schema";
import { addJobKinds } from "#server/generation/kinds/index.server";
import { providerPlugins } from "#server/generation/providers/plugins/index.server";
import { startWorker } from "#server/services.server";
import { extension, startStickerSheet } from "../fixtures/extension";
import { testDatabases } from "../support/databases";
import {
  balanceOf,
  createStyleThroughApi,
  json,
  ledgerSum,
  personalActor,
  runJob,
  submitObjects,
} from "../support/factories";
import { startQueueOn, type StartedQueue } from "../support/job-queue";
import { signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

const env = { IMAGE_PROVIDERS: "stamp,offline", STAMP_FORBIDDEN: "skull", STAMP_PRICE: "standard" };

describe.each(testDatabases)("an extension's job kind and provider on $name", { timeout: 60_000 }, (target) => {
  let database: DatabaseHandle;
  let running: StartedQueue;
  let server: ApiTestServer;
  let removeKinds: () => void;
  const people: { cookie: string; userId: string; styleId: string }[] = [];
  beforeAll(async () => {
    removeKinds = addJobKinds(extension.kinds);
    database = await target.open();
    running = await startQueueOn(database);
    server = await startApiServer(database, env, {
      plugins: [...providerPlugins, ...extension.providers],
      queue: running.queue,
    });
    // Styles (and their samples, made here) before the worker starts, so no job runs twice at once.
    for (const label of ["stickers", "refused"]) {
      const person = await signInThroughApi(server, `${label}-${target.name}@example.com`);
      people.push({ ...person, ...(await createStyleThroughApi(server, person.cookie)) });
    }
    await startWorker(server.services);
  });
  afterAll(async () => {
    removeKinds?.();
    await running?.stop();
    await server?.close();
    await database?.close();
  });

  const jobRow = async (id: string) =>
    (await database.db.select().from(generationJobs).where(eq(generationJobs.id, id)))[0]!;

  it("configures the provider from its own variables, naming the one it cannot run without", async () => {
    const stamp = server.services.providers.default;
    expect(stamp).toMatchObject({ id: "stamp", label: "Stamp stamp-1" });
    expect(server.services.providers.offered.map((p) => p.id)).toEqual(["stamp", "offline"]);
    await expect(
      startApiServer(database, { IMAGE_PROVIDERS: "stamp" }, { plugins: [...providerPlugins, ...extension.providers] }),
    ).rejects.toThrow(/STAMP_FORBIDDEN: is required when the stamp provider is enabled/);
  });

  it("runs a paid job of the kind end to end: priced by the provider, paid once, a refused image refunded", async () => {
    const person = people[0]!;
    const { styleId } = person;
    const set = await submitObjects(server, person.cookie, { styleId, subjects: ["Fox"] });
    await vi.waitFor(async () => expect((await jobRow(set.job.id)).status).toBe("succeeded"), { timeout: 30_000 });
    const before = await balanceOf(database.db, person.userId);

    const provider = server.services.providers.get("stamp")!;
    const job = await startStickerSheet(server.services, personalActor(person.userId), {
      object: { id: set.objects[0]!.id, name: "Fox", styleId },
      captions: ["hello", "skull and bones", "good game"],
      provider,
    });
    // Priced as every kind is: its image count times the model's price of one image.
    const unit = unitPrice({ size: "square", detail: "draft", prices: provider.prices });
    expect(unit).toBeGreaterThan(0);
    expect(job).toMatchObject({
      kind: "sticker-sheet",
      credits: 3 * unit,
      imageCount: 3,
      title: "3 stickers of “Fox”",
    });
    expect(await balanceOf(database.db, person.userId)).toBe(before - 3 * unit);

    await vi.waitFor(async () => expect((await jobRow(job.id)).status).not.toMatch(/queued|running/), {
      timeout: 30_000,
    });
    // The refused image is refunded; the two made are kept, paid for once.
    expect(await jobRow(job.id)).toMatchObject({ status: "succeeded", imagesMade: 2, refundedCredits: unit });
    const made = await database.db.select().from(images).where(eq(images.jobId, job.id));
    expect(made.map((image) => image.position).sort()).toEqual([0, 2]);
    expect(made.every((image) => image.objectId === set.objects[0]!.id)).toBe(true);
    const lines = await database.db
      .select({ delta: creditLedger.delta })
      .from(creditLedger)
      .where(and(eq(creditLedger.workspaceId, person.userId), eq(creditLedger.ref, job.id)));
    expect(lines.map((line) => line.delta).sort((a, b) => a - b)).toEqual([-3 * unit, unit]);
    expect(await balanceOf(database.db, person.userId)).toBe(before - 2 * unit);
    expect(await ledgerSum(database.db, person.userId)).toBe(await balanceOf(database.db, person.userId));

    // Run again (a worker's retry after a crash): nothing is made or paid twice.
    expect(await runJob(server, job.id)).toBeNull();
    expect(await balanceOf(database.db, person.userId)).toBe(before - 2 * unit);

    // The API shows it as any job: its kind, its title, what it cost.
    const read = await json<{ job: { kind: string; title: string; credits: number; refundedCredits: number } }>(
      await server.call(`/api/jobs/${job.id}`, { cookie: person.cookie }),
    );
    expect(read.job).toMatchObject({
      kind: "sticker-sheet",
      title: "3 stickers of “Fox”",
      credits: 3 * unit,
      refundedCredits: unit,
    });
  });

  it("refunds the whole job when its provider refuses every image", async () => {
    const person = people[1]!;
    const { styleId } = person;
    const set = await submitObjects(server, person.cookie, { styleId, subjects: ["Skull"] });
    await vi.waitFor(async () => expect((await jobRow(set.job.id)).status).toBe("failed"), { timeout: 30_000 });
    const before = await balanceOf(database.db, person.userId);
    const job = await startStickerSheet(server.services, personalActor(person.userId), {
      object: { id: set.objects[0]!.id, name: "Skull", styleId },
      captions: ["boo", "grr"],
      provider: server.services.providers.get("stamp")!,
    });
    await vi.waitFor(async () => expect((await jobRow(job.id)).status).toBe("failed"), { timeout: 30_000 });
    expect(await jobRow(job.id)).toMatchObject({ imagesMade: 0, refunded: true, refundedCredits: job.credits });
    expect(await balanceOf(database.db, person.userId)).toBe(before);
    expect(await ledgerSum(database.db, person.userId)).toBe(before);
  });
});
