// Networks break uploads: a proxy resets the connection, a peer closes its side, a server
// accepts and never reads, an operator's base URL names a port fetch refuses. For every
// provider that uploads (OpenAI edits, fal storage, ComfyUI's input folder, Gemini's inline
// parts), each fault ends the job with its images refunded, and nothing escapes the job.
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { createComfyUIProvider } from "#server/generation/providers/comfyui.server";
import { loadComfyWorkflow, SHIPPED_COMFY_WORKFLOWS } from "#server/generation/providers/comfyui-workflow.server";
import { createFalProvider, DEFAULT_FAL_MODEL } from "#server/generation/providers/fal.server";
import { createGeminiProvider } from "#server/generation/providers/gemini.server";
import { createOpenAIProvider } from "#server/generation/providers/openai.server";
import type { ImageProvider } from "#server/generation/providers/provider";
import { providerRegistry } from "#server/generation/providers/registry.server";
import { runGenerationJob } from "#server/generation/run-job.server";
import { startFakeComfyUI } from "../fakes/comfyui";
import type { ConnectionFaultCounts, ConnectionFaultKind, ConnectionFaultRule } from "../fakes/connection-faults";
import { FAKE_FAL_KEY, startFakeFal } from "../fakes/fal-api";
import { startFakeGemini } from "../fakes/gemini-api";
import { startFakeOpenAI } from "../fakes/openai-images";
import { testDatabases } from "../support/databases";
import { balanceOf, createStyleThroughApi, grantCredits, ledgerSum, submitObjects } from "../support/factories";
import { noQueue, signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

/** The provider's own timeout and the engine's deadline: a server that never reads is given up on here. */
const TIMEOUT_MS = 2_000;
/** A port Node's fetch refuses to connect to ("bad port"), as an operator's typo might name. */
const BLOCKED_PORT_URL = "http://127.0.0.1:9";

interface FaultyService {
  name: string;
  /** The path of the upload the faults are played on. */
  uploadPath: string;
  start(): Promise<{
    url: string;
    control: { connectionFault: ConnectionFaultRule | null };
    connectionFaults: ConnectionFaultCounts;
    close(): Promise<void>;
  }>;
  /** A fresh provider on `baseUrl` (fresh: nothing remembered of earlier uploads). */
  provider(baseUrl: string): ImageProvider;
}

const services: FaultyService[] = [
  {
    name: "OpenAI (multipart edits)",
    uploadPath: "/v1/images/edits",
    start: () => startFakeOpenAI(),
    provider: (baseUrl) =>
      createOpenAIProvider({
        apiKey: "sk-test",
        baseUrl: `${baseUrl}/v1`,
        model: "gpt-image-1.5",
        timeoutMs: TIMEOUT_MS,
      }),
  },
  {
    name: "fal (storage uploads)",
    uploadPath: "/__storage/put/",
    start: () => startFakeFal(),
    provider: (baseUrl) =>
      createFalProvider({
        key: FAKE_FAL_KEY,
        model: DEFAULT_FAL_MODEL,
        baseUrl,
        timeoutMs: TIMEOUT_MS,
        pollIntervalMs: 5,
      }),
  },
  {
    name: "ComfyUI (input folder uploads)",
    uploadPath: "/upload/image",
    start: () => startFakeComfyUI(),
    provider: (baseUrl) =>
      createComfyUIProvider({
        baseUrl,
        workflow: loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.textToImage),
        referenceWorkflow: loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.referenceImg2Img),
        model: "sd_xl_base_1.0.safetensors",
        timeoutMs: TIMEOUT_MS,
        pollIntervalMs: 10,
      }),
  },
  {
    name: "Gemini (inline image parts)",
    uploadPath: ":generateContent",
    start: () => startFakeGemini(),
    provider: (baseUrl) =>
      createGeminiProvider({
        apiKey: "AIza-test-key",
        model: "gemini-2.5-flash-image",
        baseUrl,
        timeoutMs: TIMEOUT_MS,
      }),
  },
];

const faults: ConnectionFaultKind[] = ["reset-before-body", "reset-after-bytes", "half-close", "never-read"];

/** Every rejection no code handled while this file runs: there must be none. */
const unhandled: unknown[] = [];
const recordUnhandled = (reason: unknown) => unhandled.push(reason);
beforeAll(() => void process.on("unhandledRejection", recordUnhandled));
afterAll(() => void process.off("unhandledRejection", recordUnhandled));

const reference = (colour: string) =>
  sharp({ create: { width: 256, height: 256, channels: 3, background: colour } })
    .png()
    .toBuffer();

describe.each(testDatabases)("connection faults on $name", (target) => {
  describe.each(services)("$name", (service) => {
    let fake: Awaited<ReturnType<FaultyService["start"]>>;
    let database: DatabaseHandle;
    let server: ApiTestServer;
    let user: { cookie: string; userId: string };
    let styleId: string;

    beforeAll(async () => {
      fake = await service.start();
      database = await target.open();
      server = await startApiServer(
        database,
        { SIGNIN_LIMIT_PER_IP: "1000" },
        { provider: service.provider(fake.url), queue: noQueue },
      );
      user = await signInThroughApi(server, "faults@example.com");
      await grantCredits(database.db, user.userId, 1000);
      // Made through the healthy service: its references (and samples) go with every image.
      ({ styleId } = await createStyleThroughApi(server, user.cookie, {
        references: [await reference("#f4a23c"), await reference("#2a9d8f")],
        // Opaque: the fakes of opaque-only models draw no key colour to matte.
        transparent: false,
      }));
    });
    afterAll(async () => {
      await server?.close();
      await database?.close();
      await fake?.close();
    });
    beforeEach(() => {
      fake.control.connectionFault = null;
      Object.assign(fake.connectionFaults, { matched: 0, faulted: 0 });
      unhandled.length = 0;
    });

    /** Submits one image through the API and runs its job with a provider on `baseUrl`. */
    async function runOneImage(baseUrl: string) {
      const before = await balanceOf(database.db, user.userId);
      const { job } = await submitObjects(server, user.cookie, {
        styleId,
        subjects: ["a lantern"],
        transparent: false,
      });
      const ran = await runGenerationJob(
        {
          db: database.db,
          storage: server.services.storage,
          providers: providerRegistry([service.provider(baseUrl)]),
          maxAttempts: 2,
          timeoutMs: TIMEOUT_MS,
          backoffMs: () => 1,
        },
        job.id,
      );
      return { ran, before };
    }

    it.each(faults)("%s: the job ends failed, refunded once, and nothing escapes it", async (kind) => {
      fake.control.connectionFault = { kind, path: service.uploadPath };
      const { ran, before } = await runOneImage(fake.url);
      expect(fake.connectionFaults.faulted).toBeGreaterThanOrEqual(1);
      expect(ran).toMatchObject({ status: "failed", imagesMade: 0 });
      expect(await balanceOf(database.db, user.userId)).toBe(before);
      expect(await ledgerSum(database.db, user.userId)).toBe(before);
      expect(unhandled).toEqual([]);
    });

    it("a base URL on a port fetch refuses: the job ends failed and refunded, and nothing escapes it", async () => {
      const { ran, before } = await runOneImage(BLOCKED_PORT_URL);
      expect(ran).toMatchObject({ status: "failed", imagesMade: 0 });
      expect(await balanceOf(database.db, user.userId)).toBe(before);
      expect(unhandled).toEqual([]);
    });

    it("after the faults, the same service makes the image", async () => {
      const { ran } = await runOneImage(fake.url);
      expect(ran).toMatchObject({ status: "succeeded", imagesMade: 1 });
    });
  });
});
