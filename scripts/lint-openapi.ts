/**
 * Lints the API's OpenAPI document with Redocly's recommended rules (redocly.yaml), as an
 * integrator's tools would read it: `npm run lint` runs this.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildOpenApiDocument } from "#server/http/openapi.server";
import { apiOperations } from "#server/http/operations/index.server";

const file = path.join(mkdtempSync(path.join(tmpdir(), "motif-openapi-")), "openapi.json");
writeFileSync(file, JSON.stringify(buildOpenApiDocument(apiOperations), null, 2));
const bin = path.join("node_modules", ".bin", "redocly");
const result = spawnSync(bin, ["lint", file, "--config", "redocly.yaml", "--format", "stylish"], {
  stdio: "inherit",
  // Nothing leaves the machine: no usage telemetry, no update check.
  env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
});
process.exit(result.status ?? 1);
