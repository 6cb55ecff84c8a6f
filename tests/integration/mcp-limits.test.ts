// The MCP server's limits, driven by the SDK's own client with an API key: get_job waits a bounded
// time for a job, the key's monthly cap stops it with the app's message, a retried call with the
// same idempotencyKey pays once, and tool errors are plain: short balance, unknown model, bad
// input, another user's records.
import { describe, expect, it } from "vitest";
import { capExceededMessage } from "#domain/api-keys";
import { modelUnavailableMessage } from "#domain/models";
import { testDatabases } from "../support/databases";
import { balanceOf, createStyleThroughApi, runJob, submitObjects } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi } from "../support/test-server";
import {
  call,
  callError,
  callOk,
  closeClientsAfterEach,
  connect,
  createKey,
  textOf,
  type JobAnswer,
} from "./mcp-helpers";

closeClientsAfterEach();

describe.each(testDatabases)("the MCP server on $name", (target) => {
  const api = setUpSignedInApi(target, "ann-mcp@example.com");

  it("waits for a job with wait_seconds, bounded, and says so when it is still running", async () => {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const { secret } = await createKey(api.server, api.user.cookie);
    const client = await connect(api.server, secret);
    const { job } = await callOk<{ job: { id: string } }>(client, "generate_objects", {
      styleId,
      subjects: ["Lantern"],
    });

    // Nobody runs it: the call waits about the time asked, then answers with the job as it is.
    const started = Date.now();
    const still = await call(client, "get_job", { jobId: job.id, wait_seconds: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect((still.structuredContent as unknown as JobAnswer).job.status).toBe("queued");
    expect(textOf(still)).toMatch(/Call get_job again/);

    // A worker finishes it while the call waits: the call answers with the finished job.
    const waiting = callOk<JobAnswer>(client, "get_job", { jobId: job.id, wait_seconds: 30 });
    await runJob(api.server, job.id);
    const finished = await waiting;
    expect(finished.job.status).toBe("succeeded");
    expect(finished.images).toHaveLength(1);

    expect(await callError(client, "get_job", { jobId: job.id, wait_seconds: 31 })).toMatch(
      /Wait at most 30 seconds\./,
    );
  });

  it("stops at the key's monthly cap with the app's message", async () => {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const { secret } = await createKey(api.server, api.user.cookie, { name: "Capped agent", monthlyCreditCap: 6 });
    const client = await connect(api.server, secret);
    const generate = (subject: string) => call(client, "generate_objects", { styleId, subjects: [subject] });
    for (const subject of ["Bell", "Drum"]) expect((await generate(subject)).isError).toBeFalsy();
    const before = await balanceOf(api.database.db, api.user.userId);
    const over = await generate("Harp");
    expect(over.isError).toBe(true);
    expect(textOf(over)).toBe(capExceededMessage(6, 6, 3));
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before);
  });

  it("pays once for a retried call with the same idempotencyKey, and refuses the key for another call", async () => {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const { secret } = await createKey(api.server, api.user.cookie, { name: "Retrying agent" });
    const client = await connect(api.server, secret);
    const args = { styleId, subjects: ["Lute"], idempotencyKey: "agent-retry-0001" };
    const before = await balanceOf(api.database.db, api.user.userId);
    const first = await callOk<{ job: { id: string } }>(client, "generate_objects", args);
    const again = await callOk<{ job: { id: string } }>(client, "generate_objects", args);
    expect(again.job.id).toBe(first.job.id);
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before - 3);
    expect(await callError(client, "generate_objects", { ...args, subjects: ["Oboe"] })).toContain(
      "already used for a different request",
    );
    // Without a key, each call is its own.
    const other = await callOk<{ job: { id: string } }>(client, "generate_objects", { styleId, subjects: ["Lute"] });
    expect(other.job.id).not.toBe(first.job.id);
    // create_style takes one too.
    const style = {
      name: "Retried style",
      description: "Flat vector icons, copper",
      idempotencyKey: "agent-style-0001",
    };
    const made = await callOk<{ style: { id: string } }>(client, "create_style", style);
    expect((await callOk<{ style: { id: string } }>(client, "create_style", style)).style.id).toBe(made.style.id);
  });

  it("answers plain tool errors: short balance, unknown model, bad input, and another user's records", async () => {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const { secret } = await createKey(api.server, api.user.cookie);
    const client = await connect(api.server, secret);

    const balance = await balanceOf(api.database.db, api.user.userId);
    const expensive = Array.from({ length: 50 }, (_, i) => `Relic ${i + 1}`);
    expect(
      await callError(client, "generate_objects", { styleId, subjects: expensive, detail: "high", variations: 4 }),
    ).toBe(
      `Not enough credits: This needs ${50 * 4 * 30} credits and your balance is ${balance}. You were not charged.`,
    );
    // The field at fault is named as a schema's issue names it, as the HTTP API's `fields` do.
    expect(await callError(client, "generate_objects", { styleId, subjects: ["Bell"], model: "dall-e-9" })).toBe(
      `${modelUnavailableMessage} (model)`,
    );
    expect(await callError(client, "generate_objects", { styleId, subjects: [] })).toBe(
      "Name at least one object. (subjects)",
    );
    expect(await callError(client, "create_style", { name: "Empty", description: "" })).toBe(
      "Describe the style in a few words.",
    );
    expect(await callError(client, "get_images", {})).toBe(
      "Missing jobId or objectIds: give one, to say which images to return.",
    );
    expect(await callError(client, "get_images", { jobId: "j", objectIds: ["o"] })).toBe(
      "Give either jobId or objectIds, not both. (objectIds)",
    );

    const bob = await signInThroughApi(api.server, "bob-mcp@example.com");
    const { styleId: bobStyle, sampleJobId: bobJob } = await createStyleThroughApi(api.server, bob.cookie);
    const bobSet = await submitObjects(api.server, bob.cookie, { styleId: bobStyle, subjects: ["Bell"] });
    expect(await callError(client, "generate_objects", { styleId: bobStyle, subjects: ["Bell"] })).toBe(
      "No such style.",
    );
    expect(await callError(client, "get_job", { jobId: bobJob })).toBe("No such job.");
    expect(await callError(client, "get_images", { jobId: bobJob })).toBe("No such job.");
    expect(await callError(client, "get_images", { objectIds: [bobSet.objects[0]!.id] })).toBe("No such object.");
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(balance);
  });
});
