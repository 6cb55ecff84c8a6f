import { expect, test, type APIRequestContext } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { startFakeOpenAI } from "../fakes/openai-images";
import { createThrowawayDatabase } from "../support/throwaway-database";
import { signInWithApi, uniqueEmail } from "./support/auth";
import { e2ePorts } from "./support/ports";
import { startServerProcess, waitForHealth } from "./support/server-process";

// The production server with a model whose connection breaks mid-upload: a gateway that
// resets every third upload. The process stays up, every image is stored or refunded once,
// and nothing escapes to the process's last line of defence. A base URL on a port fetch
// refuses (which ended the process at the first upload) is refused at start. On the
// embedded database and, where CI has one, on PostgreSQL.

const databases = [
  { name: "PGlite", serverUrl: undefined as string | undefined },
  ...(process.env.TEST_DATABASE_URL ? [{ name: "PostgreSQL", serverUrl: process.env.TEST_DATABASE_URL }] : []),
];

/** What the process guard logs when something escaped a request or a job. */
const ESCAPED = /unhandled promise rejection|uncaught exception|ERR_INVALID_STATE/i;

/** A photo-like reference: noise does not compress, so each upload is about 1 MB, as real ones are. */
const reference = (colour: string) =>
  sharp({
    create: {
      width: 600,
      height: 600,
      channels: 3,
      background: colour,
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();

/** A style with three reference images; returns its id and its samples job's id. */
async function createStyleWithReferences(request: APIRequestContext, base: string) {
  const form = new FormData();
  form.set("name", "Referenced icons");
  form.set("description", "Chunky flat game icons, warm amber and teal");
  form.set("defaultDetail", "draft");
  for (const [i, colour] of ["#f4a23c", "#2a9d8f", "#e76f51"].entries()) {
    form.append(
      "references",
      new Blob([new Uint8Array(await reference(colour))], { type: "image/png" }),
      `ref-${i}.png`,
    );
  }
  const created = await request.post(`${base}/api/styles`, { headers: { Origin: base }, multipart: form });
  expect(created.status()).toBe(201);
  const body = (await created.json()) as { style: { id: string }; job: { id: string } };
  return { styleId: body.style.id, jobId: body.job.id };
}

interface JobReply {
  job: { status: string; credits: number; refundedCredits: number; total: number; completed: number };
}

async function finishedJob(request: APIRequestContext, base: string, jobId: string, timeout = 60_000) {
  let job: JobReply["job"] | undefined;
  await expect
    .poll(
      async () => {
        job = ((await (await request.get(`${base}/api/jobs/${jobId}`)).json()) as JobReply).job;
        return ["succeeded", "failed", "canceled"].includes(job.status);
      },
      { timeout, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return job!;
}

/** The server is up, answers /healthz, and nothing escaped to its last line of defence. */
async function expectStillServing(server: ReturnType<typeof startServerProcess>, port: number) {
  expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  expect(server.exitCode()).toBeUndefined();
  expect(server.output()).not.toMatch(ESCAPED);
}

const balance = async (request: APIRequestContext, base: string) =>
  ((await (await request.get(`${base}/api/users/me`)).json()) as { user: { credits: number } }).user.credits;

for (const [index, database] of databases.entries()) {
  test.describe(`a model's connection faults, on ${database.name}`, () => {
    test.describe.configure({ mode: "serial" });
    let dataDir: string;
    let dropDatabase: (() => Promise<void>) | undefined;
    let databaseEnv: Record<string, string>;

    test.beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), "motif-faults-"));
      if (database.serverUrl) {
        const created = await createThrowawayDatabase(database.serverUrl, "motif_faults");
        dropDatabase = created.drop;
        databaseEnv = { DATABASE_URL: created.url };
      } else {
        databaseEnv = {};
      }
    });
    test.afterAll(async () => {
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    });

    /** The server with OpenAI as its only model, at `openaiUrl`. */
    function startServer(port: number, openaiUrl: string, timeoutSeconds = 10) {
      return startServerProcess(port, path.join(dataDir, String(port)), {
        ...databaseEnv,
        LOG_LEVEL: "info",
        PUBLIC_URL: `http://localhost:${port}`,
        SMTP_URL: `smtp://127.0.0.1:${e2ePorts.smtp}`,
        SIGNIN_LIMIT_PER_IP: "1000",
        SIGNUP_CREDITS: "1000",
        IMAGE_PROVIDERS: "openai",
        OPENAI_API_KEY: "sk-test",
        OPENAI_BASE_URL: `${openaiUrl}/v1`,
        PROVIDER_MAX_ATTEMPTS: "2",
        PROVIDER_TIMEOUT_SECONDS: String(timeoutSeconds),
      });
    }

    test("a base URL on a port fetch refuses stops the start, naming the variable and the port", async () => {
      const server = startServer(e2ePorts.faultsApp + index * 2, "http://127.0.0.1:9");
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain("OPENAI_BASE_URL");
      expect(server.output()).toContain('port 9, which fetch refuses to connect to (a blocked "bad port")');
    });

    test("a 50-image set while every third upload is reset: every image stored or refunded once", async ({ page }) => {
      test.setTimeout(240_000);
      const fake = await startFakeOpenAI();
      const port = e2ePorts.faultsApp + index * 2 + 1;
      const base = `http://localhost:${port}`;
      const server = startServer(port, fake.url);
      try {
        await waitForHealth(port);
        await signInWithApi(page, uniqueEmail("resets"), base);
        const style = await createStyleWithReferences(page.request, base);
        expect((await finishedJob(page.request, base, style.jobId)).status).toBe("succeeded");

        fake.control.connectionFault = { kind: "reset-after-bytes", path: "/v1/images/edits", every: 3 };
        const before = await balance(page.request, base);
        const subjects = Array.from({ length: 50 }, (_, i) => `relic number ${i + 1}`);
        const submitted = await page.request.post(`${base}/api/objects`, {
          headers: { Origin: base },
          data: { styleId: style.styleId, subjects, size: "square", detail: "draft", transparent: true },
        });
        expect(submitted.status()).toBe(202);
        const { job: queued } = (await submitted.json()) as { job: { id: string } };
        const job = await finishedJob(page.request, base, queued.id, 180_000);

        expect(fake.connectionFaults.faulted).toBeGreaterThanOrEqual(10);
        expect(job.total).toBe(50);
        // 3 credits an image: what was kept pays exactly for what was made, the rest came back.
        expect(job.credits).toBe(150);
        expect(job.credits - job.refundedCredits).toBe(3 * job.completed);
        expect(await balance(page.request, base)).toBe(before - 3 * job.completed);
        expect(job.completed).toBeGreaterThan(0);

        await expectStillServing(server, port);
      } finally {
        server.child.kill("SIGKILL");
        await server.exited;
        await fake.close();
      }
    });

    test("a gateway that accepts uploads and never reads them: the deadline, then a cancel, end the set with nothing lost", async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const fake = await startFakeOpenAI();
      const port = e2ePorts.faultsApp + 4 + index;
      const base = `http://localhost:${port}`;
      const server = startServer(port, fake.url, 2);
      try {
        await waitForHealth(port);
        await signInWithApi(page, uniqueEmail("never-read"), base);
        const style = await createStyleWithReferences(page.request, base);
        expect((await finishedJob(page.request, base, style.jobId)).status).toBe("succeeded");

        fake.control.connectionFault = { kind: "never-read", path: "/v1/images/edits" };
        const before = await balance(page.request, base);
        const submitted = await page.request.post(`${base}/api/objects`, {
          headers: { Origin: base },
          data: {
            styleId: style.styleId,
            subjects: ["anvil", "lantern", "compass", "quill", "key", "map"],
            size: "square",
            detail: "draft",
            transparent: true,
          },
        });
        expect(submitted.status()).toBe(202);
        const { job: queued } = (await submitted.json()) as { job: { id: string } };
        // Some uploads have been given up at the deadline; cancel while others hang.
        await expect.poll(() => fake.connectionFaults.faulted, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
        const cancelled = await page.request.post(`${base}/api/jobs/${queued.id}/cancel`, {
          headers: { Origin: base },
        });
        expect(cancelled.ok()).toBe(true);
        const job = await finishedJob(page.request, base, queued.id);

        expect(job.completed).toBe(0);
        expect(job.refundedCredits).toBe(job.credits);
        expect(await balance(page.request, base)).toBe(before);
        await expectStillServing(server, port);
      } finally {
        server.child.kill("SIGKILL");
        await server.exited;
        await fake.close();
      }
    });
  });
}
