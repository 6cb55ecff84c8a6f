// `npm run restore -- <file>`: puts a backup made by `npm run backup` into DATA_DIR, while
// Motif is stopped. What was there is kept beside it, renamed *.before-restore-<time>.
import { ConfigError } from "../server/config.server";
import { getConfig } from "../server/configuration.server";
import { restoreEmbedded } from "../server/backup/backup.server";

const file = process.argv[2];
if (!file) {
  console.error("Name the backup to restore: npm run restore -- motif-backup-2026-11-24.zip");
  process.exit(1);
}
try {
  const config = getConfig();
  if (config.databaseUrl) {
    console.error("DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operating/deployment.md#backups).");
    process.exit(1);
  }
  const { files } = await restoreEmbedded({ dataDir: config.dataDir, file });
  console.log(`Restored the database and ${files} files from ${file}`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Could not restore: ${(error as Error).message}`);
  process.exit(1);
}
