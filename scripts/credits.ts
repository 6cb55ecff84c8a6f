// `npm run credits -- grant <email> <n>`: gives credits to an account through the ledger,
// on the database the app uses (DATABASE_URL, or the embedded one in DATA_DIR; stop the
// app first for the embedded one, which only one process may open).
import path from "node:path";
import { ConfigError, getConfig } from "../server/config.server";
import { parseCreditsCommand, runCreditsCommand } from "../server/credits/credits-command.server";
import { openDatabase } from "../server/db/client.server";

const args = process.argv.slice(2);
const command = parseCreditsCommand(args);
if ("error" in command) {
  console.error(command.error);
  process.exit(1);
}

let exitCode = 1;
try {
  const config = getConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, "db") });
  try {
    const result = await runCreditsCommand(database.db, args);
    (result.ok ? console.log : console.error)(result.message);
    exitCode = result.ok ? 0 : 1;
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Could not grant credits: ${String(error)}`);
}
process.exit(exitCode);
