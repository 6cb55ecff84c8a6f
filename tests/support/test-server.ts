import express from "express";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { databaseHubStore, EventStreamHub } from "#server/events/stream-hub.server";
import { createOfflineProvider } from "#server/generation/providers/offline.server";
import type { ImageProvider } from "#server/generation/providers/provider";
import { providerRegistry, type ProviderRegistry } from "#server/generation/providers/registry.server";
import { createDiskStorage } from "#server/storage/storage.server";
import { ImageUrlSigner, loadImageUrlSecret } from "#server/images/signed-urls.server";
import { SessionCache } from "#server/auth/session-cache.server";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { parseConfigWith, type Config } from "#server/config.server";
import type { ProviderPlugin } from "#server/generation/providers/plugin.server";
import { providerPlugins } from "#server/generation/providers/plugins/index.server";
import { createProviderRegistry } from "#server/generation/providers/registry.server";
import type { DatabaseHandle } from "#server/db/client.server";
import { connectFeatures } from "#server/features.server";
import { machineRoutes } from "#server/machine-routes.server";
import { serverTimingHeader } from "#server/db/statement-count.server";
import { signedImageCopies } from "#server/http/signed-copies.server";
import { metricsRoute } from "#server/http/metrics-route.server";
import { reportFrom, requestMetrics } from "#server/metrics/metrics.server";
import type { MailMessage, Mailer } from "#server/mail/mailer.server";
import type { Services } from "#server/services";

export const PUBLIC_URL = "http://motif.test";

/** A mailer that keeps messages in memory, for tests of what was sent. */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    kind: "outbox",
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

export interface ApiTestServer {
  url: string;
  config: Config;
  mailer: ReturnType<typeof memoryMailer>;
  services: Services;
  /** fetch against the server with a same-origin Origin header by default. */
  call(path: string, init?: RequestInit & { json?: unknown; cookie?: string }): Promise<Response>;
  close(): Promise<void>;
}

/** A queue that takes jobs and never runs them: tests run each job themselves (runJob). */
export const noQueue: NonNullable<Services["queue"]> = { async enqueue() {}, async work() {} };

/** The real /api router on a loopback port, over the given database. */
export async function startApiServer(
  database: DatabaseHandle,
  env: Record<string, string> = {},
  overrides: {
    provider?: ImageProvider;
    /** Builds the providers from the config instead (createProviderRegistry, for the operator's settings). */
    providers?: (config: Services["config"]) => ProviderRegistry | Promise<ProviderRegistry>;
    queue?: Services["queue"];
    /** The provider plugins the configuration reads and the models are built from (an extension's too). */
    plugins?: readonly ProviderPlugin[];
  } = {},
): Promise<ApiTestServer> {
  connectFeatures();
  const config = parseConfigWith({ PUBLIC_URL, LOG_LEVEL: "silent", ...env }, overrides.plugins ?? providerPlugins);
  const mailer = memoryMailer();
  const filesDir = mkdtempSync(path.join(tmpdir(), "motif-files-"));
  const events = new EventStreamHub(databaseHubStore(database), config.eventStreams);
  await events.start();
  const sessions = new SessionCache();
  await sessions.listen(database);
  const services: Services = {
    config,
    database,
    mailer,
    storage: createDiskStorage(filesDir),
    providers: overrides.providers
      ? await overrides.providers(config)
      : overrides.plugins
        ? await createProviderRegistry(config, overrides.plugins)
        : providerRegistry([overrides.provider ?? createOfflineProvider()]),
    events,
    sessions,
    imageUrls: new ImageUrlSigner(await loadImageUrlSecret(database.db)),
    queue: overrides.queue,
  };
  reportFrom({ db: database.db, openEventStreams: () => events.size });
  const app = express();
  app.set("trust proxy", true);
  app.use(requestMetrics());
  if (config.serverTiming) app.use(serverTimingHeader());
  app.get("/metrics", metricsRoute({ token: config.metricsToken }));
  // In front of the API, as the server mounts it.
  app.use(signedImageCopies(async () => services));
  app.use(machineRoutes({ getServices: async () => services, config }));
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    config,
    mailer,
    call(path, init = {}) {
      const { json, cookie, headers, ...rest } = init;
      return fetch(`${url}${path}`, {
        ...rest,
        headers: {
          Origin: PUBLIC_URL,
          ...(json !== undefined ? { "Content-Type": "application/json" } : {}),
          ...(cookie ? { Cookie: cookie } : {}),
          ...(headers as Record<string, string>),
        },
        body: json !== undefined ? JSON.stringify(json) : rest.body,
      });
    },
    services,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await events.close();
      await sessions.close();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/** The session cookie pair ("name=value") from a response, if it set one. */
export function sessionCookieFrom(response: Response): string | undefined {
  const header = response.headers.get("set-cookie") ?? "";
  const match = /((?:__Host-)?motif_session=[^;]*)/.exec(header);
  return match?.[1];
}

export function tokenFromLink(link: string): string {
  return new URL(link).searchParams.get("token")!;
}

/**
 * Signs `email` in through the real link flow (send, verify, session) and stops there,
 * without POST /api/users/new. Returns the session cookie.
 */
export async function startSessionThroughApi(server: ApiTestServer, email: string): Promise<string> {
  const before = server.mailer.sent.length;
  await server.call("/api/auth/signin-email", { method: "POST", json: { email } });
  while (server.mailer.sent.length === before) await new Promise((r) => setTimeout(r, 10));
  const verify = await server.call("/api/auth/verify", {
    method: "POST",
    json: { token: tokenFromLink(server.mailer.sent.at(-1)!.link!), email },
  });
  const { idToken } = (await verify.json()) as { idToken: string };
  return sessionCookieFrom(await server.call("/api/auth/token", { method: "POST", json: { idToken } }))!;
}

/**
 * Signs `email` in through the real link flow (send, verify, session) and ensures the
 * user record, as the browser does. Returns the session cookie and the user's id.
 */
export async function signInThroughApi(
  server: ApiTestServer,
  email: string,
): Promise<{ cookie: string; userId: string }> {
  const cookie = await startSessionThroughApi(server, email);
  const created = await server.call("/api/users/new", { method: "POST", cookie });
  const { user } = (await created.json()) as { user: { uid: string } };
  return { cookie, userId: user.uid };
}

/** Calls each `[method, path]` in turn with the same options: every answer, labelled for assertion messages. */
export async function callEach(
  server: ApiTestServer,
  routes: readonly (readonly [method: string, path: string])[],
  init: Parameters<ApiTestServer["call"]>[1] = {},
): Promise<{ label: string; response: Response }[]> {
  const answers = [];
  for (const [method, path] of routes) {
    answers.push({ label: `${method} ${path}`, response: await server.call(path, { ...init, method }) });
  }
  return answers;
}
