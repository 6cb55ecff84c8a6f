import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "tests/architecture/fixtures/",
      "data/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "public/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })] },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "import-x/no-cycle": "error",
      "import-x/no-self-import": "error",
    },
  },
  {
    // UI building blocks never reach server code; only route modules may (their server parts are stripped).
    files: ["app/components/**", "app/lib/**", "app/root.tsx"],
    ignores: ["app/root.tsx"],
    rules: {
      // Types may cross (the API client is typed by the server's declarations); code may not.
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["#server/*", "**/*.server", "**/*.server.ts"],
              message: "UI code must not import server-only modules.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Routes never import other routes: shared code moves to components/ or lib/.
    files: ["app/routes/**", "app/layouts/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["~/routes/*", "../*"], message: "Routes must not import other routes." }] },
      ],
    },
  },
  {
    // The domain is pure: zod and itself, nothing from the app, the server or Node.
    files: ["domain/**"],
    ignores: ["domain/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!zod$|\\./|\\.\\./[\\w-]+$).*",
              message: "domain/ imports only zod and other domain modules.",
            },
          ],
        },
      ],
    },
  },
  {
    // Server code never imports UI components.
    files: ["server/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/components/*", "~/routes/*", "~/layouts/*"], message: "Server code must not import UI." },
          ],
        },
      ],
    },
  },
);
