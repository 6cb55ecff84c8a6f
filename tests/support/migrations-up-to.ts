import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** A copy of the migrations folder as it was at release `upTo` (journal entries with idx < upTo). */
export function migrationsUpTo(upTo: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), "motif-migrations-"));
  cpSync("drizzle", dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < upTo);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}
