// The domain's modules build their zod schemas in top-level constants. A bundler must keep every
// top-level call it cannot prove free of side effects, so a page that imports one constant from
// such a module would download every schema in it, and zod with them. In the browser build each
// top-level `const` that calls something is wrapped in an IIFE marked pure: a constant no page
// uses is dropped, one that is used runs as before (docs/decisions/126). Used by vite.config.ts.
import MagicString from "magic-string";
import type { Plugin } from "vite";

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** Whether evaluating `node` calls anything (a literal, a name or an arrow function does not). */
function calls(node: unknown): boolean {
  if (!node || typeof node !== "object") return false;
  const n = node as Node;
  if (n.type === "ArrowFunctionExpression" || n.type === "FunctionExpression") return false;
  if (n.type === "CallExpression" || n.type === "NewExpression" || n.type === "TaggedTemplateExpression") return true;
  for (const [key, value] of Object.entries(n)) {
    if (key === "start" || key === "end" || key === "type") continue;
    if (Array.isArray(value) ? value.some(calls) : calls(value)) return true;
  }
  return false;
}

/** `code` with each top-level const initialiser that calls something wrapped in a pure IIFE. */
export function markTopLevelConstantsPure(code: string, program: { body: Node[] }): MagicString | null {
  const out = new MagicString(code);
  let changed = false;
  for (const statement of program.body) {
    const declaration =
      statement.type === "ExportNamedDeclaration" ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== "VariableDeclaration" || declaration.kind !== "const") continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | null;
      if (!init || !calls(init)) continue;
      out.appendLeft(init.start, "/* @__PURE__ */ (() => (");
      out.prependRight(init.end, "))()");
      changed = true;
    }
  }
  return changed ? out : null;
}

/** The browser build's plugin: applies `markTopLevelConstantsPure` to the modules `include` matches. */
export function pureDomainConstants(include: RegExp): Plugin {
  return {
    name: "pure-domain-constants",
    enforce: "post",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    transform(code, id) {
      if (!include.test(id)) return null;
      const edited = markTopLevelConstantsPure(code, this.parse(code) as unknown as { body: Node[] });
      return edited ? { code: edited.toString(), map: edited.generateMap({ hires: true, source: id }) } : null;
    },
  };
}
