import { parseAst } from "rolldown/parseAst";
import { describe, expect, it } from "vitest";
import { markTopLevelConstantsPure } from "../../scripts/vite/pure-domain-constants";

const mark = (code: string) => markTopLevelConstantsPure(code, parseAst(code) as never)?.toString() ?? code;

describe("pure domain constants (docs/decisions/126)", () => {
  it("wraps each top-level constant that calls something in an IIFE marked pure", () => {
    const out = mark(
      [
        'import { z } from "zod";',
        "export const schema = z.object({ name: z.string() }).meta({ id: 'A' });",
        "const derived = schema.extend({}), other = make();",
        "export const word = `a ${1}`;",
      ].join("\n"),
    );
    expect(out).toContain(
      "export const schema = /* @__PURE__ */ (() => (z.object({ name: z.string() }).meta({ id: 'A' })))();",
    );
    expect(out).toContain(
      "const derived = /* @__PURE__ */ (() => (schema.extend({})))(), other = /* @__PURE__ */ (() => (make()))();",
    );
    expect(out).toContain("export const word = `a ${1}`;");
  });

  it("leaves what calls nothing when it is defined, and everything not a top-level const", () => {
    const code = [
      "export const limits = { max: 3, words: ['a', 'b'] };",
      "export const check = (value) => schema.parse(value);",
      "export function build() { return z.string(); }",
      "let counter = start();",
      "register();",
      "export const sizes = [16, 20];",
    ].join("\n");
    expect(mark(code)).toBe(code);
  });

  it("keeps a constant's value when the bundle uses it: the IIFE returns what the expression did", () => {
    const out = mark("export const n = Math.max(2, 5);");
    expect(new Function(`${out.replace("export ", "")}; return n;`)()).toBe(5);
  });
});
