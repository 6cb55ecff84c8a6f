/**
 * The architecture, as rules the build checks (`npm run lint`). README's "Architecture" section
 * is drawn from these. Relative imports and aliases (#domain, #server, ~) are both resolved, so no
 * path form slips past a rule. tests/architecture proves each rule fires.
 */
module.exports = {
  forbidden: [
    {
      name: "domain-is-pure",
      comment: "domain/ is the shared vocabulary: zod and other domain modules only, no Node, app or server.",
      severity: "error",
      from: { path: "^domain/", pathNot: "\\.test\\.ts$" },
      to: { pathNot: ["^domain/", "^node_modules/zod/"] },
    },
    {
      name: "ui-never-runs-server-code",
      comment: "The browser's code may read the server's types (the API client does), never its code.",
      severity: "error",
      from: { path: "^app/(components|lib|static-page)/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^server/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "server-never-imports-ui",
      comment: "Server code shares only domain/ with the UI: constants it needs live there.",
      severity: "error",
      from: { path: "^server/", pathNot: ["\\.test\\.ts$", "^server/app\\.ts$"] },
      to: { path: "^app/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "routes-never-import-routes",
      comment: "Shared page code moves to app/components or app/lib.",
      severity: "error",
      from: { path: "^app/(routes|layouts)/" },
      to: { path: "^app/(routes|layouts)/" },
    },
    {
      name: "engine-never-imports-features",
      comment:
        "The generation engine serves the features (styles, objects, webhooks); they plug into it, it does not reach into them.",
      severity: "error",
      from: { path: "^server/generation/", pathNot: "\\.test\\.ts$" },
      to: { path: "^server/(styles|objects|webhooks|http|mcp|billing)/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "adapters-never-import-use-cases",
      comment: "Storage, mail and the database know nothing of styles, objects or the API.",
      severity: "error",
      from: { path: "^server/(storage|mail|db)/", pathNot: "\\.test\\.ts$" },
      to: { path: "^server/(styles|objects|generation|http|mcp|billing|webhooks|credits)/" },
    },
    {
      name: "no-circular",
      comment: "A cycle means two modules are one: merge them or move what both need.",
      severity: "error",
      from: { pathNot: "^tests/" },
      // A cycle closed only by a type import is no cycle at run time.
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^build/", "^\\.react-router/", "^tests/architecture/fixtures/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    moduleSystems: ["es6", "cjs"],
  },
};
