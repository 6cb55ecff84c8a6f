import path from "node:path";
import { sql } from "drizzle-orm";
import type { Config } from "../config.server";
import { queryRows, type DatabaseHandle } from "../db/client.server";
import type { SetupStatus } from "#domain/setup";

const OPENAI_DEFAULT_HOST = "api.openai.com";

/** The host (and port, when one is given) of a URL, without the credentials it may carry. */
function hostOf(url: string): string {
  return new URL(url).host;
}

export function describeEngine(config: Config): SetupStatus["engine"] {
  const { generation } = config;
  if (generation.provider !== "openai") return { kind: "preview" };
  return {
    kind: "openai",
    model: generation.openai.model,
    host: generation.openai.baseUrl ? hostOf(generation.openai.baseUrl) : OPENAI_DEFAULT_HOST,
    customBaseUrl: Boolean(generation.openai.baseUrl),
  };
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

/** What this instance runs on, for its operator: engine, mail, storage and database. */
export async function describeSetup(deps: { config: Config; database: DatabaseHandle }): Promise<SetupStatus> {
  const { config } = deps;
  const smtp = config.mail.smtpUrl ? new URL(config.mail.smtpUrl) : undefined;
  return {
    engine: describeEngine(config),
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
