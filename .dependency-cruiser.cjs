/**
 * The architecture, as rules the build checks (`npm run lint`). docs/architecture.md is drawn from
 * these. Relative imports and aliases (#domain, #server, ~) are both resolved, so no path form
 * slips past a rule. tests/architecture proves each rule fires.
 *
 * Server code is in layers, lowest first. A module may import its own layer and those below it,
 * never one above (docs/decisions/105). The rules are allow-lists: a folder no layer names may
 * import nothing of the server's, so a new folder fails `npm run lint` until it is given a layer.
 */
const layers = [
  // Settings, ids, logging, caches, network policy: what everything else stands on.
  [
    "base",
    ["server/(config|net|runtime|types|cache)/", "server/(ids|logger|config|singleton|process-guard)\\.server\\.ts$"],
  ],
  // The outside world: the database, files, mail, image processing, events, idempotency keys, backups, metrics.
  ["adapters", ["server/(db|storage|mail|images|events|idempotency|backup|metrics|jobs)/"]],
  // Who acts, in which workspace, and what they may spend.
  ["core", ["server/(auth|workspaces|credits)/"]],
  // The generation engine: jobs, providers, the preview engine.
  ["engine", ["server/generation/"]],
  // What people do: styles, objects, teams, keys, webhooks, the operator's console, payments.
  [
    "features",
    [
      "server/(styles|learning|objects|icons|teams|users|api-keys|webhooks|operator|setup|instance|billing|housekeeping)/",
    ],
  ],
  // The process's whole set of services, as the ways in are handed it.
  ["services", ["server/services\\.ts$"]],
  // The ways in: pages (server/ui) and the JSON API (server/http).
  ["ways-in", ["server/(http|ui)/"]],
  // MCP: the JSON API's operations as tools.
  ["mcp", ["server/mcp/"]],
  // Where a process is put together: its services, its routes, the features' wiring.
  [
    "composition",
    [
      "server/(app|services\\.server|features\\.server|machine-routes\\.server|job-kinds\\.server|configuration\\.server)\\.ts$",
    ],
  ],
];
const pathsOf = (entries) => entries.flatMap(([, paths]) => paths).map((path) => `^${path}`);

/** Each layer's allow-list: its own modules and every layer below. */
const layerRules = layers.map(([name, paths], index) => ({
  comment: `layer ${name}: may import ${layers
    .slice(0, index + 1)
    .map(([below]) => below)
    .join(", ")}`,
  from: { path: pathsOf([[name, paths]]), pathNot: "\\.test\\.tsx?$" },
  to: { path: pathsOf(layers.slice(0, index + 1)) },
}));

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
      name: "no-circular",
      comment: "A cycle means two modules are one: merge them or move what both need.",
      severity: "error",
      from: { pathNot: "^tests/" },
      // A cycle closed only by a type import is no cycle at run time.
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  allowed: [
    // Outside server/ the forbidden rules above say what may not be imported.
    { comment: "not server code", from: { pathNot: "^server/" }, to: {} },
    { comment: "tests may reach any layer", from: { path: "^server/.*\\.test\\.tsx?$" }, to: {} },
    { comment: "packages, Node and the shared vocabulary", from: { path: "^server/" }, to: { pathNot: "^server/" } },
    ...layerRules,
  ],
  allowedSeverity: "error",
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
