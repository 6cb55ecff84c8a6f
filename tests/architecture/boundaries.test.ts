import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { cruise, type IViolation } from "dependency-cruiser";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
/** The project's rules, as `npm run lint` checks them. */
const config = require("../../.dependency-cruiser.cjs") as { forbidden: unknown[] };
const fixtures = fileURLToPath(new URL("./fixtures", import.meta.url));

/** What the rules find in the fixtures: each a deliberate wrong import (and a few right ones). */
async function violationsInFixtures(): Promise<{ rule: string; from: string; to: string }[]> {
  const result = await cruise(["."], {
    baseDir: fixtures,
    validate: true,
    ruleSet: { forbidden: config.forbidden } as never,
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
    expect(byRule("engine-never-imports-features")).toEqual([
      "server/generation/engine.server.ts → server/styles/style.server.ts",
    ]);
    expect(byRule("adapters-never-import-use-cases")).toEqual([
      "server/storage/store.server.ts → server/objects/object.server.ts",
    ]);
    expect(byRule("no-circular").length).toBeGreaterThan(0);
    expect(byRule("no-circular").every((v) => v.includes("cycle-a.server.ts") && v.includes("cycle-b.server.ts"))).toBe(
      true,
    );
    // A type the UI reads from the server is allowed: it is gone before the code runs.
    expect(found.some((v) => v.from === "app/lib/reads-server-types.ts")).toBe(false);
    // Every rule of the project is proven by a fixture.
    const rules = (config.forbidden as { name: string }[]).map((r) => r.name);
    expect(new Set(found.map((v) => v.rule))).toEqual(new Set(rules));
  });
});
