// `npm run backup -- [file]`: the embedded database and its image files in one file, while
// Motif is stopped. On PostgreSQL, back up with pg_dump instead (docs/operating/deployment.md, "Backups").
import { ConfigError } from "../server/config.server";
import { getConfig } from "../server/configuration.server";
import { backupEmbedded } from "../server/backup/backup.server";

const file = process.argv[2] ?? `motif-backup-${new Date().toISOString().slice(0, 10)}.zip`;
try {
  const config = getConfig();
  if (config.databaseUrl) {
    console.error(
      "DATABASE_URL is set: back up PostgreSQL with pg_dump and your bucket with its own tools (docs/operating/deployment.md#backups).",
    );
    process.exit(1);
  }
  const { files } = await backupEmbedded({ dataDir: config.dataDir, file });
  console.log(`Backed up the database and ${files} files to ${file}`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Could not back up: ${(error as Error).message}`);
  process.exit(1);
}
