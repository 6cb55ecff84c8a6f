import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { cruise, type IViolation } from "dependency-cruiser";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
/** The project's rules, as `npm run lint` checks them. */
const config = require("../../.dependency-cruiser.cjs") as {
  forbidden: unknown[];
  allowed: unknown[];
  allowedSeverity: string;
};
const fixtures = fileURLToPath(new URL("./fixtures", import.meta.url));

/** What the rules find in the fixtures: each a deliberate wrong import (and a few right ones). */
async function violationsInFixtures(): Promise<{ rule: string; from: string; to: string }[]> {
  const result = await cruise(["."], {
    baseDir: fixtures,
    validate: true,
    ruleSet: { forbidden: config.forbidden, allowed: config.allowed, allowedSeverity: config.allowedSeverity } as never,
    tsPreCompilationDeps: true,
  });
  if (typeof result.output === "string") throw new Error(result.output);
  return (result.output.summary.violations as IViolation[]).map((v) => ({
    rule: v.rule.name,
    from: v.from,
    to: v.cycle ? v.cycle.map((c) => c.name).join(" → ") : v.to,
  }));
}

describe("the architecture rules", () => {
  it("each fire on the import they forbid, and only there", async () => {
    const found = await violationsInFixtures();
    const byRule = (rule: string) => found.filter((v) => v.rule === rule).map((v) => `${v.from} → ${v.to}`);

    expect(byRule("domain-is-pure")).toEqual(["domain/impure.ts → fs"]);
    expect(byRule("ui-never-runs-server-code")).toEqual(["app/lib/runs-server-code.ts → server/secret.server.ts"]);
    expect(byRule("server-never-imports-ui")).toEqual(["server/imports-ui.server.ts → app/lib/runs-server-code.ts"]);
    expect(byRule("routes-never-import-routes")).toEqual(["app/routes/page.tsx → app/routes/other.tsx"]);
    // Each layer imports only its own and lower ones; a folder no layer names imports nothing of the server's.
    expect(byRule("not-in-allowed").sort()).toEqual(
      [
        "server/brand-new/thing.server.ts → server/db/table.server.ts",
        "server/config/settings.server.ts → server/styles/style.server.ts",
        "server/generation/engine.server.ts → server/styles/style.server.ts",
        "server/generation/seats.server.ts → server/teams/team.server.ts",
        "server/http/route.server.ts → server/mcp/tool.server.ts",
        "server/mail/mailer.server.ts → server/teams/team.server.ts",
        "server/objects/uses-api.server.ts → server/http/route.server.ts",
        "server/storage/store.server.ts → server/setup/setup.server.ts",
      ].sort(),
    );
    expect(byRule("no-circular").length).toBeGreaterThan(0);
    expect(byRule("no-circular").every((v) => v.includes("cycle-a.server.ts") && v.includes("cycle-b.server.ts"))).toBe(
      true,
    );
    // Downward and same-layer imports pass: a feature uses the engine and the database, MCP the database.
    expect(found.some((v) => v.from === "server/objects/object.server.ts")).toBe(false);
    expect(found.some((v) => v.from === "server/mcp/tool.server.ts")).toBe(false);
    // A type the UI reads from the server is allowed: it is gone before the code runs.
    expect(found.some((v) => v.from === "app/lib/reads-server-types.ts")).toBe(false);
    // Every rule of the project is proven by a fixture.
    const rules = [...(config.forbidden as { name: string }[]).map((r) => r.name), "not-in-allowed"];
    expect(new Set(found.map((v) => v.rule))).toEqual(new Set(rules));
  });

  it("find no import in server/ from a lower layer to a higher one", async () => {
    const result = await cruise(["server"], {
      baseDir: fileURLToPath(new URL("../..", import.meta.url)),
      validate: true,
      ruleSet: {
        forbidden: config.forbidden,
        allowed: config.allowed,
        allowedSeverity: config.allowedSeverity,
      } as never,
      tsPreCompilationDeps: true,
      tsConfig: { fileName: "tsconfig.json" },
      doNotFollow: { path: "node_modules" },
      exclude: { path: ["^build/", "^\\.react-router/", "^tests/"] },
    } as never);
    if (typeof result.output === "string") throw new Error(result.output);
    const upward = (result.output.summary.violations as IViolation[])
      .filter((v) => v.rule.name === "not-in-allowed")
      .map((v) => `${v.from} → ${v.to}`);
    // The configuration names no provider: the composition hands it the plugins (docs/decisions/110).
    expect(upward).toEqual([]);
  }, 60_000);
});
