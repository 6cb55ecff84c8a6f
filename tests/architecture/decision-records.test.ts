import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * An accepted decision record is history: it is never rewritten. A new decision gets a new
 * record, and the old one's status line (the only line that may change) says "superseded by NNN"
 * or "amended by NNN". The fingerprints of every record's text but its status line are kept in
 * docs/decisions/fingerprints.json; this test fails when a record's text changes, or a record is
 * added without its fingerprint (add it: `node scripts/fingerprint-decisions.mjs`).
 */

const folder = fileURLToPath(new URL("../../docs/decisions/", import.meta.url));
const fingerprints = JSON.parse(readFileSync(`${folder}fingerprints.json`, "utf8")) as Record<string, string>;

/** A record's text without its status line (the first line that says "Status:"). */
export function fingerprintOf(text: string): string {
  const lines = text.split("\n");
  const status = lines.findIndex((line) => /Status:/.test(line));
  if (status < 0) throw new Error("A decision record needs a status line.");
  return createHash("sha256")
    .update(lines.filter((_, i) => i !== status).join("\n"))
    .digest("hex");
}

const records = readdirSync(folder).filter((name) => /^\d{3}[a-z]?-.+\.md$/.test(name));

describe("decision records", () => {
  it("are all fingerprinted, and none has changed but for its status line", () => {
    const changed = records.filter((name) => fingerprints[name] !== fingerprintOf(readFileSync(folder + name, "utf8")));
    expect(changed, "rewrite none of these: write a new record, and mark the old one's status line").toEqual([]);
    expect(Object.keys(fingerprints).sort()).toEqual([...records].sort());
  });

  it("say on their status line what replaced them, naming a record that exists", () => {
    for (const name of records) {
      const status = readFileSync(folder + name, "utf8")
        .split("\n")
        .find((line) => /Status:/.test(line))!;
      for (const [, number] of status.matchAll(/(?:superseded|amended) by (\d{3}[a-z]?)/gi)) {
        expect(
          records.some((other) => other.startsWith(`${number}-`)),
          `${name} names ${number}`,
        ).toBe(true);
      }
    }
  });

  it("fingerprint the text, not the status line", () => {
    const record = "# 1. A\n\nStatus: accepted\n\nWe do A.\n";
    expect(fingerprintOf(record.replace("accepted", "superseded by 002"))).toBe(fingerprintOf(record));
    expect(fingerprintOf(record.replace("We do A.", "We do B."))).not.toBe(fingerprintOf(record));
  });
});
