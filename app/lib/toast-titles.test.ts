import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { toastMessages } from "./toast-messages";
import { DEFAULT_TOAST } from "./toast-store";

/**
 * Toast titles are Title Case everywhere, as the spec's catalogue writes them
 * ('Login Link Error', 'Account Deleted'). The spec's own 'Something went wrong'
 * (§8, the default and listener toasts) is kept word for word.
 */
const SPEC_VERBATIM = new Set(["Something went wrong"]);
const MINOR_WORDS = new Set(
  "a an and as at but by for from in into nor of off on or per so the to up via vs with yet".split(" "),
);

/** The words of `title` that break Title Case; placeholders (numbers, `${…}`) pass. */
function titleCaseProblems(title: string): string[] {
  if (SPEC_VERBATIM.has(title)) return [];
  const words = title.split(/\s+/).filter(Boolean);
  return words.filter((raw, index) => {
    const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
    if (!word || /^\p{N}/u.test(word) || /^\p{Lu}/u.test(word)) return false;
    const edge = index === 0 || index === words.length - 1;
    return edge || !MINOR_WORDS.has(word.toLowerCase());
  });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The text of a call starting at `start` (just after its opening parenthesis), up to its closing one. */
function callText(source: string, start: number): string {
  let depth = 1;
  let quote: string | null = null;
  for (let i = start; i < source.length; i++) {
    const ch = source[i]!;
    if (quote) {
      if (ch === "\\") i++;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'" || ch === "`") quote = ch;
    else if (ch === "(") depth++;
    else if (ch === ")" && --depth === 0) return source.slice(start, i);
  }
  return source.slice(start);
}

/** The string literals a title expression can produce; template substitutions become "0". */
function literalsIn(expression: string): string[] {
  const found: string[] = [];
  const rest = expression.replace(/`((?:[^`\\]|\\.)*)`/g, (_, body: string) => {
    found.push(body.replace(/\$\{[^}]*\}/g, "0"));
    return "";
  });
  for (const match of rest.matchAll(/"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'/g)) found.push(match[1] ?? match[2]!);
  return found;
}

/** The expression after `title:` up to the next property or the end of the object. */
function titleExpressions(call: string): string[] {
  return [...call.matchAll(/\btitle:\s*([\s\S]*?)(?:,\s*\n|,\s*(?=\w+:)|\s*\}|$)/g)].map((m) => m[1]!);
}

const CALL = /\b(?:toast(?:\.error|\.success)?|toastStore\.add|flashToastCookie)\(/g;

/** Every toast title written in the app's and server's code, with where it is. */
function toastTitlesInSource(): { where: string; title: string }[] {
  const root = process.cwd();
  const files = [...sourceFiles(join(root, "app")), ...sourceFiles(join(root, "server"))];
  return files.flatMap((file) => {
    const source = readFileSync(file, "utf8");
    return [...source.matchAll(CALL)].flatMap((match) => {
      const call = callText(source, match.index + match[0].length);
      const where = `${relative(root, file)}:${source.slice(0, match.index).split("\n").length}`;
      const positional = /^toast\.(error|success)\($/.test(match[0])
        ? literalsIn(/^\s*("[^"]*"|'[^']*'|`[^`]*`)/.exec(call)?.[1] ?? "")
        : [];
      const named = titleExpressions(call).flatMap(literalsIn);
      return [...positional, ...named].map((title) => ({ where, title }));
    });
  });
}

describe("toast titles", () => {
  it("spots sentence case and allows minor words", () => {
    expect(titleCaseProblems("Style saved")).toEqual(["saved"]);
    expect(titleCaseProblems("Not Enough Credits")).toEqual([]);
    expect(titleCaseProblems("Making 0 Images")).toEqual([]);
    expect(titleCaseProblems("Out of Credits")).toEqual([]);
    expect(titleCaseProblems("Something went wrong")).toEqual([]);
  });

  it("finds the titles written in code", () => {
    const titles = toastTitlesInSource().map((t) => t.title);
    expect(titles).toEqual(expect.arrayContaining(["Style Created", "Login Error", "Generation Failed"]));
  });

  it("are Title Case in the catalogue", () => {
    const catalogue = [...Object.values(toastMessages).map((m) => m.title), DEFAULT_TOAST.title];
    expect(catalogue.filter((title) => titleCaseProblems(title).length)).toEqual([]);
  });

  it("are Title Case wherever a toast is raised", () => {
    const wrong = toastTitlesInSource().filter(({ title }) => titleCaseProblems(title).length);
    expect(wrong).toEqual([]);
  });
});
