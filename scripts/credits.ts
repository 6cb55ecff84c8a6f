// `npm run credits -- grant <email> <n>`: gives credits to an account through the ledger,
// on the database the app uses (DATABASE_URL, or the embedded one in DATA_DIR). The embedded
// one is one process's: while the app runs on it, the grant is asked of the app instead.
import path from "node:path";
import { ConfigError } from "../server/config.server";
import { getConfig } from "../server/configuration.server";
import { parseCreditsCommand, runCreditsCommand } from "../server/credits/credits-command.server";
import { openDatabase } from "../server/db/client.server";
import { DatabaseLockedError } from "../server/db/folder-lock.server";
import { readControlFile } from "../server/operator/control-file.server";

const args = process.argv.slice(2);
const command = parseCreditsCommand(args);
if ("error" in command) {
  console.error(command.error);
  process.exit(1);
}

let exitCode = 1;
try {
  const config = getConfig();
  const result = await grant(config);
  (result.ok ? console.log : console.error)(result.message);
  exitCode = result.ok ? 0 : 1;
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Could not grant credits: ${String(error)}`);
}
process.exit(exitCode);

async function grant(config: ReturnType<typeof getConfig>): Promise<{ ok: boolean; message: string }> {
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, "db") });
  } catch (error) {
    if (error instanceof DatabaseLockedError) return grantThroughApp(config.dataDir, error);
    throw error;
  }
  try {
    return await runCreditsCommand(database.db, args);
  } finally {
    await database.close();
  }
}

/** The app holds the embedded database: ask it, at the address and with the secret it left in the folder. */
async function grantThroughApp(dataDir: string, locked: DatabaseLockedError) {
  const control = readControlFile(dataDir);
  if (!control) throw locked;
  const response = await fetch(`${control.url}/api/operator/credits`, {
    method: "POST",
    headers: { Authorization: `Bearer ${control.token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ args }),
  }).catch(() => {
    throw new Error(`the app that holds ${dataDir} did not answer at ${control.url}`);
  });
  const answer = (await response.json().catch(() => null)) as { ok?: boolean; message?: string } | null;
  if (typeof answer?.message !== "string") throw new Error(`the app at ${control.url} answered ${response.status}`);
  return { ok: answer.ok === true, message: answer.message };
}
