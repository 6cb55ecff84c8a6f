import path from "node:path";
import { sql } from "drizzle-orm";
import type { Config } from "../config.server";
import { pluginOf, settingsOf } from "../generation/providers/plugins/index.server";
import { queryRows, type DatabaseHandle } from "../db/client.server";
import { previewTexts } from "#domain/preview";
import type { CheckedEngine, EngineStatus, SetupStatus } from "#domain/setup";
import { lastProviderChecks } from "../generation/providers/provider-checks.server";

/** The host (and port, when one is given) of a URL, without the credentials it may carry. */
function hostOf(url: string): string {
  return new URL(url).host;
}

/** One provider as its operator sees it (never a key). */
export function describeEngine(config: Config, id: string): EngineStatus {
  const isDefault = config.generation.providers[0] === id;
  // An id no plugin of this build knows is described as the preview engine it falls back to.
  const plugin = pluginOf(id) ?? pluginOf("offline")!;
  const known = plugin.id;
  const settings = settingsOf(config, known);
  const where = plugin.address?.(settings);
  if (plugin.preview || !where) {
    return {
      id: known,
      name: previewTexts.name,
      model: plugin.model(settings),
      host: null,
      addressVariable: null,
      isDefault,
      preview: true,
    };
  }
  return {
    id: known,
    name: plugin.service,
    model: plugin.model(settings),
    host: where.url ? hostOf(where.url) : where.host,
    addressVariable: where.url ? where.variable : null,
    isDefault,
    preview: false,
  };
}

/** Every provider users may pick, the default first. */
export function describeEngines(config: Config): EngineStatus[] {
  return config.generation.providers.map((id) => describeEngine(config, id));
}

async function describeDatabase(config: Config, database: DatabaseHandle): Promise<SetupStatus["database"]> {
  const [row] = await queryRows<{ server_version: string }>(database.db, sql`show server_version`);
  const version = row?.server_version ?? "unknown";
  if (database.kind === "postgres" && database.url) {
    const url = new URL(database.url);
    return { kind: "postgres", host: url.host, name: decodeURIComponent(url.pathname.slice(1)) || "postgres", version };
  }
  return { kind: "pglite", folder: path.resolve(config.dataDir, "db"), version };
}

/** Every provider users may pick, with its last connection check (at start, then the operator's). */
async function describeCheckedEngines(config: Config, database: DatabaseHandle): Promise<CheckedEngine[]> {
  const checks = await lastProviderChecks(database.db);
  return describeEngines(config).map((engine) => {
    const check = checks.find((c) => c.provider === engine.id);
    return {
      ...engine,
      lastCheck: check ? { ok: check.ok, message: check.message, checkedAt: check.checkedAt.toISOString() } : null,
    };
  });
}

/** What this instance runs on, for its operator: engine, mail, storage and database. */
export async function describeSetup(deps: { config: Config; database: DatabaseHandle }): Promise<SetupStatus> {
  const { config } = deps;
  const smtp = config.mail.smtpUrl ? new URL(config.mail.smtpUrl) : undefined;
  return {
    engines: await describeCheckedEngines(config, deps.database),
    mail: smtp
      ? { kind: "smtp", host: smtp.hostname, port: smtp.port ? Number(smtp.port) : null, from: config.mail.from }
      : { kind: "outbox", folder: path.resolve(config.dataDir, "outbox") },
    storage:
      config.storage.kind === "s3"
        ? {
            kind: "s3",
            bucket: config.storage.bucket,
            region: config.storage.region,
            endpointHost: config.storage.endpoint ? hostOf(config.storage.endpoint) : null,
          }
        : { kind: "disk", folder: path.resolve(config.dataDir, "files") },
    database: await describeDatabase(config, deps.database),
    operatorRule: config.adminEmails.length > 0 ? "admin_emails" : "first_account",
  };
}
