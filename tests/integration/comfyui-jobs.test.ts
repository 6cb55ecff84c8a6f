// Jobs run by the engine with the ComfyUI provider in the registry, against a local ComfyUI.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { creditLedger, images } from "#server/db/schema";
import { createComfyUIProvider } from "#server/generation/providers/comfyui.server";
import { loadComfyWorkflow, SHIPPED_COMFY_WORKFLOWS } from "#server/generation/providers/comfyui-workflow.server";
import { startFakeComfyUI, type FakeComfyUI } from "../fakes/comfyui";
import { testDatabases } from "../support/databases";
import { balanceOf, grantCredits, json, ledgerSum, runJob, submitObjects } from "../support/factories";
import { signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

describe.each(testDatabases)("jobs made with ComfyUI, on $name", (target) => {
  let fake: FakeComfyUI;
  let database: DatabaseHandle;
  let server: ApiTestServer;
  let user: { cookie: string; userId: string };
  let styleId: string;

  beforeAll(async () => {
    fake = await startFakeComfyUI();
    database = await target.open();
    const provider = createComfyUIProvider({
      baseUrl: fake.url,
      workflow: loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.textToImage),
      referenceWorkflow: loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.referenceImg2Img),
      model: "sd_xl_base_1.0.safetensors",
      timeoutMs: 10_000,
      pollIntervalMs: 10,
    });
    server = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "1000" }, { provider });
    user = await signInThroughApi(server, "gpu@example.com");
    await grantCredits(database.db, user.userId, 1000);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
    await fake?.close();
  });

  const balance = () => balanceOf(database.db, user.userId);

  it("makes a style's samples on ComfyUI, one prompt per image, with the job's seeds and size", async () => {
    const form = new FormData();
    form.set("name", "Opaque icons");
    form.set("description", "Flat vector icons, warm amber and teal");
    form.set("defaultDetail", "draft");
    form.set("defaultSize", "landscape");
    // SDXL makes opaque images: a transparent request would be refused as opaque.
    form.set("defaultTransparent", "false");
    const response = await server.call("/api/styles", { method: "POST", body: form, cookie: user.cookie });
    expect(response.status).toBe(201);
    const created = await json<{ style: { id: string }; job: { id: string } }>(response);
    styleId = created.style.id;

    const ended = await runJob(server, created.job.id);
    expect(ended).toMatchObject({ status: "succeeded", provider: "comfyui", imagesMade: 4 });
    const made = await database.db.select().from(images).where(eq(images.jobId, created.job.id));
    expect(made).toHaveLength(4);
    expect(fake.prompts).toHaveLength(4);
    for (const image of made) {
      expect(image).toMatchObject({
        provider: "comfyui",
        model: "sd_xl_base_1.0.safetensors",
        width: 1248,
        height: 832,
      });
      const prompt = fake.prompts.find((p) => p.prompt["3"]!.inputs!.seed === image.seed);
      expect(prompt, `a prompt with seed ${image.seed}`).toBeDefined();
      expect(prompt!.prompt["3"]!.inputs!.steps).toBe(12);
    }
  });

  it("fails a job whose prompt ComfyUI cannot run and refunds it exactly once", async () => {
    const before = await balance();
    const set = await submitObjects(server, user.cookie, {
      styleId,
      subjects: ["Bell", "Drum"],
      transparent: false,
    });
    expect(await balance()).toBe(before - 6);
    fake.control.failExecution = { count: 1, exceptionType: "RuntimeError", message: "CUDA error: device-side assert" };

    const ended = await runJob(server, set.job.id);
    expect(ended).toMatchObject({ status: "failed", imagesMade: 0, refunded: true, refundedCredits: 6 });
    expect(ended?.error).toBe("The images could not be generated. Please try again.");
    // Not retried: the same workflow would fail the same way.
    expect(fake.prompts.slice(4)).toHaveLength(1);
    expect(await runJob(server, set.job.id)).toBeNull();

    const refunds = await database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.reason, "generation_refund"), eq(creditLedger.ref, set.job.id)));
    expect(refunds.map((r) => r.delta)).toEqual([6]);
    expect(await balance()).toBe(before);
    expect(await ledgerSum(database.db, user.userId)).toBe(before);
  });

  it("interrupts the prompt ComfyUI is running when the user cancels, and refunds the images not made", async () => {
    const form = new FormData();
    form.set("name", "Opaque icons");
    form.set("description", "Flat vector icons");
    form.set("defaultDetail", "draft");
    form.set("defaultSize", "square");
    form.set("defaultTransparent", "false");
    const created = await json<{ style: { id: string }; job: { id: string } }>(
      await server.call("/api/styles", { method: "POST", body: form, cookie: user.cookie }),
    );
    expect((await runJob(server, created.job.id))?.status).toBe("succeeded");
    const before = await balanceOf(database.db, user.userId);
    const set = await submitObjects(server, user.cookie, {
      styleId: created.style.id,
      subjects: ["Bell", "Drum", "Harp"],
      transparent: false,
    });
    fake.reset();
    fake.control.holdAtStep = 4;
    const ran = runJob(server, set.job.id);
    try {
      await vi.waitFor(() => expect(fake.progressSent).toHaveLength(4), { timeout: 5_000 });
      const running = fake.queue().running!;
      const cancelled = await server.call(`/api/jobs/${set.job.id}/cancel`, { method: "POST", cookie: user.cookie });
      expect(cancelled.status).toBe(200);
      // The engine aborts the provider call; the provider interrupts the prompt on ComfyUI.
      await vi.waitFor(() => expect(fake.interrupts).toHaveLength(1), { timeout: 5_000 });
      expect(fake.interrupts).toEqual([{ promptId: running, interrupted: running }]);
      expect(await ran).toBeNull();
      expect(fake.prompts).toHaveLength(1);
      expect(await balanceOf(database.db, user.userId)).toBe(before);
    } finally {
      fake.release();
      await ran.catch(() => {});
    }
  });
});
