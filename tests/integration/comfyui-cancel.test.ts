// A user's cancel of a running job reaches ComfyUI as an interrupt of the prompt it is running.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { createComfyUIProvider } from "#server/generation/providers/comfyui.server";
import { loadComfyWorkflow, SHIPPED_COMFY_WORKFLOWS } from "#server/generation/providers/comfyui-workflow.server";
import { startFakeComfyUI, type FakeComfyUI } from "../fakes/comfyui";
import { testDatabases } from "../support/databases";
import { balanceOf, grantCredits, json, runJob, submitObjects } from "../support/factories";
import { signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

async function waitUntil(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error("The condition was not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe.each(testDatabases)("cancelling a ComfyUI job, on $name", (target) => {
  let fake: FakeComfyUI;
  let database: DatabaseHandle;
  let server: ApiTestServer;
  let user: { cookie: string; userId: string };

  beforeAll(async () => {
    fake = await startFakeComfyUI();
    database = await target.open();
    const provider = createComfyUIProvider({
      baseUrl: fake.url,
      workflow: loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.textToImage),
      model: "sd_xl_base_1.0.safetensors",
      timeoutMs: 60_000,
      pollIntervalMs: 10,
    });
    server = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "1000" }, { provider });
    user = await signInThroughApi(server, "cancel@example.com");
    await grantCredits(database.db, user.userId, 1000);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
    await fake?.close();
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
      await waitUntil(() => fake.progressSent.length === 4);
      const running = fake.queue().running!;
      const cancelled = await server.call(`/api/jobs/${set.job.id}/cancel`, { method: "POST", cookie: user.cookie });
      expect(cancelled.status).toBe(200);
      // The engine aborts the provider call; the provider interrupts the prompt on ComfyUI.
      await waitUntil(() => fake.interrupts.length === 1);
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
