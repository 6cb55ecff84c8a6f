// Records the fingerprint (text without the status line) of every decision record not yet in
// docs/decisions/fingerprints.json. Existing fingerprints are never rewritten: a changed record
// fails tests/architecture/decision-records.test.ts until it is restored and a new record written.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";

const folder = new URL("../docs/decisions/", import.meta.url);
const file = new URL("fingerprints.json", folder);
const fingerprints = JSON.parse(readFileSync(file, "utf8"));
for (const name of readdirSync(folder).filter((n) => /^\d{3}[a-z]?-.+\.md$/.test(n))) {
  if (fingerprints[name]) continue;
  const lines = readFileSync(new URL(name, folder), "utf8").split("\n");
  const status = lines.findIndex((line) => /Status:/.test(line));
  fingerprints[name] = createHash("sha256")
    .update(lines.filter((_, i) => i !== status).join("\n"))
    .digest("hex");
  console.log(`fingerprinted ${name}`);
}
writeFileSync(file, `${JSON.stringify(fingerprints, null, 2)}\n`);
