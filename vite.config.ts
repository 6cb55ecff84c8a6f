import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { acyclicChunks } from "./scripts/vite/acyclic-chunks.ts";
import { iconSprite } from "./scripts/vite/icon-sprite.ts";
import { importedBy, pageChrome, sharedWithFirstPages } from "./scripts/vite/signed-in-shell.ts";
import { pureDomainConstants } from "./scripts/vite/pure-domain-constants.ts";

const leanIcon = fileURLToPath(new URL("./app/components/ui/lean-icon.ts", import.meta.url));

/**
 * lucide-react draws each icon through its Icon module, which writes nine shared attributes
 * into every icon; ours leaves them to one CSS rule (docs/decisions/122). Both builds and the
 * dev server use it, so the server's HTML and the browser's hydration agree.
 */
function leanLucideIcons(): Plugin {
  return {
    name: "lean-lucide-icons",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "./Icon.mjs" && importer && /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]/.test(importer)) {
        return leanIcon;
      }
      return null;
    },
  };
}

/**
 * React Router asks that a route module's chunk export exactly what the module does; the chunk
 * groups below take only the modules they name, which a chunk may then export to another
 * (rolldown requires "allow-extension" for it). The route's own exports are kept as they are.
 */
function routeChunksMayExportMore(): Plugin {
  return {
    name: "route-chunks-may-export-more",
    enforce: "post",
    configEnvironment() {
      return { build: { rollupOptions: { preserveEntrySignatures: "allow-extension" } } };
    },
  };
}

/**
 * The server build's second entry, the render thread's, under its own name: React Router names
 * every server entry file after its one (index.js), which would make this one index2.js.
 */
function renderWorkerEntry(): Plugin {
  return {
    name: "render-worker-entry",
    enforce: "post",
    configEnvironment(name) {
      if (name !== "ssr") return null;
      return {
        build: {
          rollupOptions: {
            output: { entryFileNames: (chunk) => (chunk.name === "render-worker" ? "render-worker.js" : "index.js") },
          },
        },
      };
    },
  };
}

const popups =
  /node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce)[\\/]/;

/** zod and the request schemas built with it: what a page needs only when a form checks input. */
const requests = /[\\/]domain[\\/]requests[\\/]/;
const checks = /node_modules[\\/]zod[\\/]|[\\/]domain[\\/]requests[\\/]/;

export default defineConfig(() => ({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#server": fileURLToPath(new URL("./server", import.meta.url)),
      "#domain": fileURLToPath(new URL("./domain", import.meta.url)),
    },
  },
  environments: {
    // The server bundle's entry is our Express app, which mounts React Router.
    ssr: {
      // Bundled: loaded from node_modules, each of its ~110 files made Node read its 180 kB
      // package.json again to learn the file's module type, about half a second of every start.
      // lucide-react too: its icons must draw through the lean Icon on the server as well.
      resolve: { noExternal: ["drizzle-orm", "lucide-react"] },
      // The server's bundle runs its modules in their import order whatever its chunks are.
      // Beside it, the render thread's entry (build/server/render-worker.js, docs/decisions/133).
      build: {
        rolldownOptions: {
          input: { index: "./server/app.ts", "render-worker": "./server/ui/render-worker.server.ts" },
          output: { strictExecutionOrder: true },
        },
      },
    },
  },
  build: {
    rolldownOptions: {
      output: {
        // The browser's chunks never import one another in a circle (acyclic-chunks.ts fails the
        // build if they do), so the module loader runs them in their imports' order: no module
        // needs wrapping in a function that runs it on first use, as strict order would.
        strictExecutionOrder: false,
        // A chunk's file is named for its group (base, shell, with-create…) or its page.
        // The framework group's file would take the name of one of its modules (an icon's).
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => /node_modules[\\/]react-dom[\\/]/.test(id))
            ? "assets/framework-[hash].js"
            : `assets/${chunk.name.split("~")[0]}-[hash].js`,
        // React, React Router and the small pieces every page shares travel as one file
        // instead of a dozen (bench/js-budget.bench.ts counts files as well as bytes).
        codeSplitting: {
          // A group takes the modules it names, not everything they import: a domain module's
          // import of zod would otherwise carry zod into the shell (strictExecutionOrder keeps
          // the order modules run in).
          includeDependenciesRecursively: false,
          groups: [
            // With them every icon the app draws: its drawing is in the icon sprite, what is left
            // is small.
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router|turbo-stream|cookie|set-cookie-parser|lucide-react)[\\/]|lean-icon|virtual:icon-sprite/,
              priority: 30,
            },
            // zod and the request schemas in one file, for the pages whose forms check input.
            { name: "checks", test: checks, priority: 25 },
            // What the signed-in shell imports is loaded by every signed-in page: one file.
            {
              name: pageChrome(
                {
                  root: /[\\/]app[\\/]root\.tsx/,
                  publicLayout: /[\\/]app[\\/]layouts[\\/]default\.tsx/,
                  signedInLayout: /[\\/]app[\\/]layouts[\\/]app\.tsx/,
                },
                checks,
              ),
              priority: 20,
            },
            // The popups' primitives (Radix, Floating UI), loaded with the first menu, dialog or
            // tooltip a page opens: one file for all of them. Those the shell draws stay in it.
            { name: "popups", test: popups, priority: 16 },
            // The words the request schemas are built from that not every page loads (a team's
            // roles, a training's limits): on their own, so the schemas' chunk imports no page's.
            { name: importedBy(requests, checks, "request-words"), priority: 15 },
            // What two or more pages share travels with the first of them people open: the create
            // page, an object's, the styles list, then the library's, the account's, and the teams'
            // and the operator's pages by group. The first three carry no one else's modules.
            {
              name: sharedWithFirstPages(
                [
                  ["create", /^app\/index$/],
                  ["object", /^app\/object$/],
                  ["styles", /^app\/style$/],
                  ["library", /^app\/(style-detail|objects|characters|character)$/],
                  ["account", /^app\/(settings|credits)$/],
                  ["teams-and-console", /^app\/(teams|team|setup|admin\/.+)$/],
                ],
                { leading: 2, routesDir: "/app/routes/", unless: checks },
              ),
              priority: 10,
            },
          ],
        },
      },
    },
  },
  // Not pre-bundled in development, where the pre-bundle would skip the lean Icon.
  optimizeDeps: { exclude: ["lucide-react"] },
  plugins: [
    leanLucideIcons(),
    iconSprite({
      appDir: fileURLToPath(new URL("./app", import.meta.url)),
      lucideDir: fileURLToPath(new URL("./node_modules/lucide-react/dist/esm", import.meta.url)),
    }),
    // A page downloads only the domain's constants and schemas it uses (docs/decisions/126).
    pureDomainConstants(/[\\/]domain[\\/]([\w-]+[\\/])?[\w-]+\.ts$/),
    tailwindcss(),
    reactRouter(),
    routeChunksMayExportMore(),
    renderWorkerEntry(),
    acyclicChunks(),
  ],
}));
