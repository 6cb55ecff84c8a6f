// The scale-out topology the cluster test runs against, all on this machine: a fresh
// PostgreSQL database, S3-compatible storage (s3rver), SMTP capture, two fake image services,
// two web processes behind the load balancer and two worker processes. Each process has its
// own DATA_DIR, so nothing may rely on a shared disk.
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import S3rver from "s3rver";
import { startFakeOpenAI } from "../../fakes/openai-images";
import { startSmtpCapture } from "../../fakes/smtp-capture";
import { webProcessFlags } from "../../support/web-process-flags";
import { e2ePorts } from "../../e2e/support/ports";
import { PgBoss } from "pg-boss";
import { startLoadBalancer, type LoadBalancer } from "./load-balancer";

export const clusterPorts = { balancer: e2ePorts.app + 40, web: [e2ePorts.app + 41, e2ePorts.app + 42] };
const BUCKET = "motif-cluster";

type FakeImages = Awaited<ReturnType<typeof startFakeOpenAI>>;

export interface Cluster {
  url: string;
  balancer: LoadBalancer;
  /** The test database, for checks a person cannot see (the ledger). */
  db: pg.Client;
  /** One fake image service per worker, so a test can tell which worker took a job. */
  imageServices: [FakeImages, FakeImages];
  workers: [ChildProcess, ChildProcess];
  /**
   * Stops web process `index` (SIGTERM, as a deploy does) and starts it again; resolves, once
   * the new one answers, to the old one's exit code (0 when it stopped within its grace time).
   */
  restartWeb(index: 0 | 1): Promise<number | null>;
  /** Starts a replacement for worker `index`, on the same fake image service. */
  startWorker(index: 0 | 1): ChildProcess;
  /** Queues a background job as a process of Motif would (the queue's own client); its id, or null when dropped. */
  sendJob(name: string, data: object): Promise<string | null>;
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve()),
  );

async function waitForHealth(port: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The web process on port ${port} did not become healthy`);
}

export async function startCluster(): Promise<Cluster> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const dbName = `motif_cluster_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect().catch((error: Error) => {
    throw new Error(`The cluster test needs PostgreSQL (TEST_DATABASE_URL or ${adminUrl}): ${error.message}`);
  });
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${dbName}`;

  const folders: string[] = [];
  const folder = (label: string) => {
    const made = mkdtempSync(path.join(tmpdir(), `motif-cluster-${label}-`));
    folders.push(made);
    return made;
  };
  const s3 = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: folder("s3") });
  const s3Endpoint = `http://127.0.0.1:${((await s3.run()) as AddressInfo).port}`;
  await new S3Client({
    region: "us-east-1",
    endpoint: s3Endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  }).send(new CreateBucketCommand({ Bucket: BUCKET }));
  const smtp = await startSmtpCapture({ smtpPort: e2ePorts.smtp, httpPort: e2ePorts.smtpApi });
  const imageServices: [FakeImages, FakeImages] = [await startFakeOpenAI(0), await startFakeOpenAI(0)];

  const balancerUrl = `http://localhost:${clusterPorts.balancer}`;
  const shared = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl.href,
    PUBLIC_URL: balancerUrl,
    TRUST_PROXY: "true",
    SMTP_URL: `smtp://127.0.0.1:${e2ePorts.smtp}`,
    MAIL_FROM: "Motif <motif@example.com>",
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3Endpoint,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    ADDRESS_HASH_SECRET: "cluster-address-hash-secret",
    IMAGE_PROVIDER: "openai",
    OPENAI_API_KEY: "sk-test",
    JOB_HEARTBEAT_SECONDS: "10",
    // Far off (1 January, 03:00): housekeeping runs when a test sends it, not in the middle of another test.
    HOUSEKEEPING_SCHEDULE: "0 3 1 1 *",
    SIGNIN_LIMIT_PER_IP: "1000",
    LOG_LEVEL: "warn",
  };

  const web: ChildProcess[] = [];
  const startWeb = (index: 0 | 1) => {
    web[index] = spawn(process.execPath, [...webProcessFlags, "server.mjs"], {
      env: {
        ...shared,
        PORT: String(clusterPorts.web[index]),
        HOST: "127.0.0.1",
        WORKER: "off",
        DATA_DIR: folder(`web${index + 1}`),
        OPENAI_BASE_URL: `${imageServices[index].url}/v1`,
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    return waitForHealth(clusterPorts.web[index]!);
  };
  // The first process migrates; the second starts once it has.
  await startWeb(0);
  await startWeb(1);

  const workers = [] as unknown as [ChildProcess, ChildProcess];
  const startWorker = (index: 0 | 1) => {
    workers[index] = spawn(process.execPath, ["--max-semi-space-size=8", "scripts/worker.mjs"], {
      env: { ...shared, DATA_DIR: folder(`worker${index + 1}`), OPENAI_BASE_URL: `${imageServices[index].url}/v1` },
      stdio: ["ignore", "inherit", "inherit"],
    });
    return workers[index];
  };
  startWorker(0);
  startWorker(1);

  const balancer = await startLoadBalancer(
    [
      { name: "web-1", port: clusterPorts.web[0]! },
      { name: "web-2", port: clusterPorts.web[1]! },
    ],
    clusterPorts.balancer,
  );
  const db = new pg.Client({ connectionString: databaseUrl.href });
  await db.connect();
  let sender: PgBoss | undefined;
  const startSender = async () => {
    const boss = new PgBoss({
      connectionString: databaseUrl.href,
      max: 1,
      supervise: false,
      schedule: false,
      migrate: false,
    });
    await boss.start();
    return boss;
  };

  return {
    url: balancerUrl,
    balancer,
    db,
    imageServices,
    workers,
    startWorker,
    async sendJob(name, data) {
      sender ??= await startSender();
      return sender.send(name, data);
    },
    async restartWeb(index) {
      const stopping = web[index]!;
      stopping.kill("SIGTERM");
      await exited(stopping);
      await startWeb(index);
      return stopping.exitCode;
    },
    async stop() {
      const children = [...web, ...workers];
      children.forEach((child) => child.kill("SIGTERM"));
      await Promise.all(children.map(exited));
      await sender?.stop({ graceful: false });
      await db.end();
      await balancer.close();
      await Promise.all(imageServices.map((service) => service.close()));
      await smtp.close();
      await s3.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${dbName} with (force)`);
      await cleanup.end();
      folders.forEach((made) => rmSync(made, { recursive: true, force: true }));
    },
  };
}
