import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

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
      build: { rollupOptions: { input: "./server/app.ts" } },
      // Bundled: loaded from node_modules, each of its ~110 files made Node read its 180 kB
      // package.json again to learn the file's module type, about half a second of every start.
      resolve: { noExternal: ["drizzle-orm"] },
    },
  },
  build: {
    rolldownOptions: {
      output: {
        // React, React Router and the small pieces every page shares travel as one file
        // instead of a dozen (bench/js-budget.bench.ts counts files as well as bytes).
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/,
            },
          ],
        },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter()],
}));
