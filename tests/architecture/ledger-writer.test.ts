// The credit ledger has one writer: every balance change goes through server/credits/ledger.server.ts,
// so its rules (under the user's row lock, once per reason and ref, a key's cap) cannot be skipped.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const LEDGER = "server/credits/ledger.server.ts";

function serverFiles(dir = "server"): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [file] : [];
  });
}

/** What writes ledger lines: an insert into the table, by drizzle or in SQL. */
const writesLedger = (source: string) =>
  /\.insert\(\s*creditLedger\s*\)/.test(source) || /insert\s+into\s+credit_ledger/i.test(source);

describe("the credit ledger", () => {
  it("is written by its one module and nothing else in the server", () => {
    const writers = serverFiles().filter((file) => writesLedger(readFileSync(path.join(root, file), "utf8")));
    expect(writers).toEqual([LEDGER]);
  });

  it("would notice another writer, in either form", () => {
    expect(writesLedger("await tx.insert(creditLedger).values({})")).toBe(true);
    expect(writesLedger("sql`INSERT INTO credit_ledger (user_id) values (1)`")).toBe(true);
    expect(writesLedger("await tx.select().from(creditLedger)")).toBe(false);
  });
});
