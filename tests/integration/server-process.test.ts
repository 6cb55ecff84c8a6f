// The production server (server.mjs, the build) as an operator runs it: it refuses a second
// process on the same embedded database, stops cleanly on SIGTERM, names a bad setting, and
// survives a model whose connection breaks mid-upload (every image stored or refunded once,
// nothing escaping to the process's last line of defence). The faults run on the embedded
// database and, where CI has one, on PostgreSQL.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ensureBuild } from "../../scripts/ensure-build.mjs";
import { startFakeOpenAI } from "../fakes/openai-images";
import { startSmtpCapture, type SmtpCapture } from "../fakes/smtp-capture";
import { freeLoopbackPort } from "../support/free-port";
import { startServerProcess, waitForHealth, type ServerProcess } from "../support/server-process";
import { signInToProcess } from "../support/process-sign-in";
import { createThrowawayDatabase } from "../support/throwaway-database";

let root: string;
beforeAll(() => {
  // The build is what runs; `npm test` has just made it, so this only checks it is current.
  ensureBuild();
  root = mkdtempSync(path.join(tmpdir(), "motif-process-"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the production server's process", { timeout: 120_000 }, () => {
  let first: ServerProcess | undefined;
  let dataDir: string;
  beforeAll(() => {
    dataDir = path.join(root, "embedded");
  });
  afterAll(() => void first?.child.kill("SIGKILL"));

  it("refuses a second process on the same embedded database with a clear message", async () => {
    const port = await freeLoopbackPort();
    first = startServerProcess(port, dataDir);
    await waitForHealth(port);
    const second = startServerProcess(await freeLoopbackPort(), dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain("is already open in another Motif process");
    expect(second.output()).toContain("DATABASE_URL");
  });

  it("finishes on SIGTERM, closes the database and exits 0; the folder opens again", async () => {
    first!.child.kill("SIGTERM");
    expect(await first!.exited).toBe(0);
    const port = await freeLoopbackPort();
    // Started with a hook that writes down every module the process loads.
    const loadedList = path.join(root, "loaded-modules.txt");
    const again = startServerProcess(port, dataDir, {
      NODE_OPTIONS: `--import ${pathToFileURL(path.resolve("tests/support/list-loaded-modules.mjs")).href}`,
      LOADED_MODULES_FILE: loadedList,
    });
    await waitForHealth(port);
    // Serving pages loads none of the large libraries only some jobs or the console's charts use
    // (docs/decisions/130): they wait for their first use.
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    const loaded = readFileSync(loadedList, "utf8");
    expect(loaded).toContain("/node_modules/react-dom/");
    for (const library of ["svgo", "svg2ttf", "ttf2woff", "recharts"])
      expect(loaded, library).not.toContain(`/node_modules/${library}/`);
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
  });

  it("answers a request under way when SIGTERM comes, closes its connection after, and exits 0 at once", async () => {
    const port = await freeLoopbackPort();
    const server = startServerProcess(port, dataDir, { PUBLIC_URL: `http://localhost:${port}` });
    await waitForHealth(port);
    // A kept-alive request whose body is still arriving when the stop begins.
    const agent = new http.Agent({ keepAlive: true });
    const request = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/api/auth/signin-email",
      agent,
      headers: { "content-type": "application/json", origin: `http://localhost:${port}` },
    });
    const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
      request.once("response", (response) => response.resume().once("end", () => resolve(response)));
      request.once("error", reject);
    });
    request.write('{"email": ');
    // Answered after the half-sent request's bytes reached the process: it is under way.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    server.child.kill("SIGTERM");
    await vi.waitFor(() => expect(server.output()).toContain("finishing open requests"));
    request.end('"stopping@example.com"}');
    const response = await answered;
    expect(response.statusCode).toBe(200);
    expect(response.headers.connection).toBe("close");
    // Not held open until the keep-alive timeout and then stopped by force (exit 1).
    expect(await server.exited).toBe(0);
    agent.destroy();
  });

  it("stops the start on a bad setting, with a message naming it", async () => {
    const bad = spawn(process.execPath, ["server.mjs"], {
      env: { ...process.env, NODE_ENV: "production", PORT: "not-a-port", DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    bad.stderr.on("data", (d) => (output += d));
    const code = await new Promise((resolve) => bad.on("exit", resolve));
    expect(code).toBe(1);
    expect(output).toContain("Invalid configuration");
    expect(output).toContain("PORT");
  });
});

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

interface JobReply {
  job: { status: string; credits: number; refundedCredits: number; total: number; completed: number };
}

/** A person signed in to the process through the real e-mail link; calls carry their session. */
async function signedIn(base: string, mail: SmtpCapture, email: string) {
  const cookie = await signInToProcess(base, mail, email);
  const call = (url: string, init: RequestInit = {}) =>
    fetch(`${base}${url}`, { ...init, headers: { Origin: base, Cookie: cookie, ...(init.headers ?? {}) } });
  return {
    call,
    postJson: (url: string, body: unknown) =>
      call(url, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } }),
    balance: async () => ((await (await call("/api/users/me")).json()) as { user: { credits: number } }).user.credits,
    async finishedJob(jobId: string, timeout = 60_000) {
      return vi.waitFor(
        async () => {
          const { job } = (await (await call(`/api/jobs/${jobId}`)).json()) as JobReply;
          if (!["succeeded", "failed", "canceled"].includes(job.status)) throw new Error(`The job is ${job.status}`);
          return job;
        },
        { timeout, interval: 250 },
      );
    },
    /** A style with three reference images, its samples made; answers its id. */
    async styleWithReferences() {
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
      const created = await call("/api/styles", { method: "POST", body: form });
      expect(created.status).toBe(201);
      const body = (await created.json()) as { style: { id: string }; job: { id: string } };
      expect((await this.finishedJob(body.job.id)).status).toBe("succeeded");
      return body.style.id;
    },
  };
}

const databases = [
  { name: "PGlite", serverUrl: undefined as string | undefined },
  ...(process.env.TEST_DATABASE_URL ? [{ name: "PostgreSQL", serverUrl: process.env.TEST_DATABASE_URL }] : []),
];

describe.each(databases)("a model's connection faults, on $name", { timeout: 240_000 }, (database) => {
  let mail: SmtpCapture;
  let databaseEnv: Record<string, string> = {};
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    mail = await startSmtpCapture();
    if (database.serverUrl) {
      const created = await createThrowawayDatabase(database.serverUrl, "motif_faults");
      dropDatabase = created.drop;
      databaseEnv = { DATABASE_URL: created.url };
    }
  });
  afterAll(async () => {
    await mail?.close();
    await dropDatabase?.();
  });

  /** The server with OpenAI as its only model, at `openaiUrl`. */
  function startServer(port: number, openaiUrl: string, timeoutSeconds = 10) {
    return startServerProcess(port, path.join(root, `faults-${port}`), {
      ...databaseEnv,
      LOG_LEVEL: "info",
      PUBLIC_URL: `http://localhost:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${mail.smtpPort}`,
      SIGNIN_LIMIT_PER_IP: "1000",
      SIGNUP_CREDITS: "1000",
      IMAGE_PROVIDERS: "openai",
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: `${openaiUrl}/v1`,
      PROVIDER_MAX_ATTEMPTS: "2",
      PROVIDER_TIMEOUT_SECONDS: String(timeoutSeconds),
    });
  }

  /** The server is up, answers /healthz, and nothing escaped to its last line of defence. */
  async function expectStillServing(server: ServerProcess, port: number) {
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect(server.exitCode()).toBeUndefined();
    expect(server.output()).not.toMatch(ESCAPED);
  }

  it("stops the start on a base URL on a port fetch refuses, naming the variable and the port", async () => {
    const server = startServer(await freeLoopbackPort(), "http://127.0.0.1:9");
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("OPENAI_BASE_URL");
    expect(server.output()).toContain('port 9, which fetch refuses to connect to (a blocked "bad port")');
  });

  it("stores or refunds once every image of a 24-image set while every third upload is reset", async () => {
    const fake = await startFakeOpenAI();
    const port = await freeLoopbackPort();
    const base = `http://localhost:${port}`;
    const server = startServer(port, fake.url);
    try {
      await waitForHealth(port);
      const person = await signedIn(base, mail, `resets-${database.name.toLowerCase()}@example.com`);
      const styleId = await person.styleWithReferences();

      fake.control.connectionFault = { kind: "reset-after-bytes", path: "/v1/images/edits", every: 3 };
      const before = await person.balance();
      const subjects = Array.from({ length: 24 }, (_, i) => `relic number ${i + 1}`);
      const submitted = await person.postJson("/api/objects", {
        styleId,
        subjects,
        size: "square",
        detail: "draft",
        transparent: true,
      });
      expect(submitted.status).toBe(202);
      const { job: queued } = (await submitted.json()) as { job: { id: string } };
      const job = await person.finishedJob(queued.id, 180_000);

      expect(fake.connectionFaults.faulted).toBeGreaterThanOrEqual(6);
      expect(job.total).toBe(24);
      // 3 credits an image: what was kept pays exactly for what was made, the rest came back.
      expect(job.credits).toBe(72);
      expect(job.credits - job.refundedCredits).toBe(3 * job.completed);
      expect(await person.balance()).toBe(before - 3 * job.completed);
      expect(job.completed).toBeGreaterThan(0);

      await expectStillServing(server, port);
    } finally {
      server.child.kill("SIGKILL");
      await server.exited;
      await fake.close();
    }
  });

  it("ends a set whose gateway accepts uploads and never reads them at the deadline, then a cancel, with nothing lost", async () => {
    const fake = await startFakeOpenAI();
    const port = await freeLoopbackPort();
    const base = `http://localhost:${port}`;
    const server = startServer(port, fake.url, 2);
    try {
      await waitForHealth(port);
      const person = await signedIn(base, mail, `never-read-${database.name.toLowerCase()}@example.com`);
      const styleId = await person.styleWithReferences();

      fake.control.connectionFault = { kind: "never-read", path: "/v1/images/edits" };
      const before = await person.balance();
      const submitted = await person.postJson("/api/objects", {
        styleId,
        subjects: ["anvil", "lantern", "compass", "quill", "key", "map"],
        size: "square",
        detail: "draft",
        transparent: true,
      });
      expect(submitted.status).toBe(202);
      const { job: queued } = (await submitted.json()) as { job: { id: string } };
      // Some uploads have been given up at the deadline; cancel while others hang.
      await vi.waitFor(() => expect(fake.connectionFaults.faulted).toBeGreaterThanOrEqual(2), { timeout: 30_000 });
      expect((await person.call(`/api/jobs/${queued.id}/cancel`, { method: "POST" })).ok).toBe(true);
      const job = await person.finishedJob(queued.id);

      expect(job.completed).toBe(0);
      expect(job.refundedCredits).toBe(job.credits);
      expect(await person.balance()).toBe(before);
      await expectStillServing(server, port);
    } finally {
      server.child.kill("SIGKILL");
      await server.exited;
      await fake.close();
    }
  });
});
