// How the browser build groups modules into chunks (scripts/vite/signed-in-shell.ts, docs/decisions/126
// and 127), on a small import graph: what every page loads, what pages share, what loads on first use.
import type { ChunkingContext } from "rolldown";
import { describe, expect, it } from "vitest";
import { importedBy, pageChrome, sharedWithFirstPages } from "../../scripts/vite/signed-in-shell";

type Graph = Record<string, { entry?: boolean; importers?: string[]; dynamicImporters?: string[] }>;

/** A build's answers about `graph`, each module's importers as rolldown gives them. */
function context(graph: Graph): ChunkingContext {
  return {
    getModuleInfo: (id: string) => {
      const module = graph[id];
      if (!module) return null;
      return {
        isEntry: module.entry ?? false,
        importers: module.importers ?? [],
        dynamicImporters: module.dynamicImporters ?? [],
      };
    },
  } as unknown as ChunkingContext;
}

const graph: Graph = {
  "/app/root.tsx": { entry: true },
  "/app/layouts/default.tsx": { entry: true },
  "/app/layouts/app.tsx": { entry: true },
  "/app/routes/app/index.tsx": { entry: true },
  "/app/routes/app/object.tsx": { entry: true },
  "/app/routes/app/style.tsx": { entry: true },
  "/app/routes/app/teams.tsx": { entry: true },
  "/app/routes/app/team.tsx": { entry: true },
  "/app/cn.ts": { importers: ["/app/root.tsx", "/app/routes/app/index.tsx"] },
  "/app/logo.tsx": { importers: ["/app/layouts/default.tsx", "/app/layouts/app.tsx"] },
  "/app/credit-badge.tsx": { importers: ["/app/layouts/app.tsx"] },
  // The account menu's items, loaded on first use from the shell, and the menu library they use.
  "/app/user-menu-items.tsx": { dynamicImporters: ["/app/layouts/app.tsx"] },
  "/node_modules/@radix-ui/react-menu/index.mjs": { importers: ["/app/user-menu-items.tsx"] },
  "/node_modules/zod/index.js": { importers: ["/app/root.tsx", "/app/domain/requests/teams.ts"] },
  "/app/model-picker.tsx": { importers: ["/app/routes/app/index.tsx", "/app/routes/app/object.tsx"] },
  "/app/style-card.tsx": { importers: ["/app/routes/app/index.tsx", "/app/routes/app/style.tsx"] },
  "/app/composer.tsx": { importers: ["/app/routes/app/index.tsx"] },
  "/app/new-style-dialog.tsx": { dynamicImporters: ["/app/routes/app/style.tsx"] },
  "/app/palette-editor.tsx": { importers: ["/app/routes/app/style.tsx", "/app/new-style-dialog.tsx"] },
  "/app/image-dropzone.tsx": { importers: ["/app/new-style-dialog.tsx"] },
  "/app/member-list.tsx": { importers: ["/app/routes/app/teams.tsx", "/app/routes/app/team.tsx"] },
  "/app/domain/requests/teams.ts": { importers: ["/app/member-list.tsx"] },
  "/app/domain/teams.ts": { importers: ["/app/domain/requests/teams.ts", "/app/member-list.tsx"] },
};
const ctx = context(graph);
const zod = /node_modules[\\/]zod[\\/]|[\\/]domain[\\/]requests[\\/]/;

describe("pageChrome", () => {
  const chrome = pageChrome(
    { root: /\/app\/root\.tsx/, publicLayout: /\/layouts\/default\.tsx/, signedInLayout: /\/layouts\/app\.tsx/ },
    zod,
  );

  it("puts what the root imports in base, what both layouts import in layouts, the signed-in layout's in shell", () => {
    expect(chrome("/app/cn.ts", ctx)).toBe("base");
    expect(chrome("/app/logo.tsx", ctx)).toBe("layouts");
    expect(chrome("/app/credit-badge.tsx", ctx)).toBe("shell");
  });

  it("leaves out what the shell loads on first use, and zod", () => {
    expect(chrome("/app/user-menu-items.tsx", ctx)).toBeNull();
    expect(chrome("/node_modules/@radix-ui/react-menu/index.mjs", ctx)).toBeNull();
    expect(chrome("/node_modules/zod/index.js", ctx)).toBeNull();
  });
});

describe("sharedWithFirstPages", () => {
  const shared = sharedWithFirstPages(
    [
      ["create", /^app\/index$/],
      ["object", /^app\/object$/],
      ["styles", /^app\/style$/],
      ["teams", /^app\/(teams|team)$/],
    ],
    { leading: 2, routesDir: "/app/routes/", unless: zod },
  );

  it("groups what the leading pages share by which of them use it", () => {
    expect(shared("/app/model-picker.tsx", ctx)).toBe("with-create-object");
    expect(shared("/app/style-card.tsx", ctx)).toBe("with-create");
  });

  it("sends what later pages share with the first of them", () => {
    expect(shared("/app/member-list.tsx", ctx)).toBe("with-teams");
  });

  it("keeps what a page shares with a part it loads on first use with that page", () => {
    expect(shared("/app/palette-editor.tsx", ctx)).toBe("with-styles");
  });

  it("leaves a page's own modules, and those only parts loaded on first use import, to the default chunks", () => {
    expect(shared("/app/composer.tsx", ctx)).toBeNull();
    expect(shared("/app/image-dropzone.tsx", ctx)).toBeNull();
    expect(shared("/node_modules/@radix-ui/react-menu/index.mjs", ctx)).toBeNull();
  });
});

describe("importedBy", () => {
  it("names the modules the request schemas import, but not the schemas or zod", () => {
    const words = importedBy(/\/domain\/requests\//, zod, "request-words");
    expect(words("/app/domain/teams.ts", ctx)).toBe("request-words");
    expect(words("/app/domain/requests/teams.ts", ctx)).toBeNull();
    expect(words("/node_modules/zod/index.js", ctx)).toBeNull();
    expect(words("/app/member-list.tsx", ctx)).toBeNull();
  });
});
