import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { toastMessages } from "~/lib/words/toast-messages";
import { DEFAULT_TOAST } from "~/lib/state/toast-store";

/**
 * Toast titles are in sentence case everywhere ("Generating 12 objects", "Style created"):
 * only the first word and names (Motif, GitHub, Stripe…) or acronyms (API, PNG) are capitalised.
 * docs/decisions/097-toast-titles-in-sentence-case.md
 */
const NAMES = new Set(["Motif", "GitHub", "Stripe", "OpenAI", "Gemini", "ComfyUI", "Google"]);

/** The words of `title` that break sentence case; placeholders (numbers, `${…}`) pass. */
function sentenceCaseProblems(title: string): string[] {
  const words = title.split(/\s+/).filter(Boolean);
  return words.filter((raw, index) => {
    const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
    if (!word || /^\p{N}/u.test(word)) return false;
    if (index === 0) return !/^\p{Lu}/u.test(word);
    if (NAMES.has(word) || /^\p{Lu}[\p{Lu}\p{N}]+s?$/u.test(word)) return false;
    return /\p{Lu}/u.test(word);
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

/** Template substitutions as "0", so a `}` or `,` inside one does not end the expression. */
const flattened = (source: string) => source.replace(/\$\{(?:[^{}]|\{[^{}]*\})*\}/g, "0");

/** The expression after `title:` up to the next property or the end of the object. */
function titleExpressions(call: string): string[] {
  return [...flattened(call).matchAll(/\btitle:\s*([\s\S]*?)(?:,\s*\n|,\s*(?=\w+:)|\s*\}|$)/g)].map((m) => m[1]!);
}

/** Titles handed to a toast-raising helper: a job's `started`/`done` texts, an `errorTitle`. */
function helperTitleExpressions(source: string): string[] {
  if (!/toastStarted|useStartObjectJob|errorTitle/.test(source)) return [];
  return [
    ...flattened(source).matchAll(/\b(?:started|done|errorTitle)(?::|=)\s*([\s\S]*?)(?:,\s*\n|,\s*(?=\w+:)|\s*\}|\n)/g),
  ].map((m) => m[1]!);
}

const CALL = /\b(?:toast(?:\.error|\.success)?|toastStore\.add|flashToastCookie)\(/g;

/** Every toast title written in the app's and server's code, with where it is. */
function toastTitlesInSource(): { where: string; title: string }[] {
  const root = process.cwd();
  const files = [...sourceFiles(join(root, "app")), ...sourceFiles(join(root, "server"))];
  return files.flatMap((file) => {
    const source = readFileSync(file, "utf8");
    const helpers = helperTitleExpressions(source)
      .flatMap(literalsIn)
      .map((title) => ({ where: relative(root, file), title }));
    const calls = [...source.matchAll(CALL)].flatMap((match) => {
      const call = callText(source, match.index + match[0].length);
      const where = `${relative(root, file)}:${source.slice(0, match.index).split("\n").length}`;
      const positional = /^toast\.(error|success)\($/.test(match[0])
        ? literalsIn(/^\s*("[^"]*"|'[^']*'|`[^`]*`)/.exec(call)?.[1] ?? "")
        : [];
      const named = titleExpressions(call).flatMap(literalsIn);
      return [...positional, ...named].map((title) => ({ where, title }));
    });
    return [...calls, ...helpers];
  });
}

describe("toast titles", () => {
  it("spots Title Case and allows names and acronyms", () => {
    expect(sentenceCaseProblems("Style Created")).toEqual(["Created"]);
    expect(sentenceCaseProblems("Generating 12 Objects")).toEqual(["Objects"]);
    expect(sentenceCaseProblems("style created")).toEqual(["style"]);
    expect(sentenceCaseProblems("Generating 0 objects")).toEqual([]);
    expect(sentenceCaseProblems("API key created")).toEqual([]);
    expect(sentenceCaseProblems("Connected to GitHub")).toEqual([]);
    expect(sentenceCaseProblems("Something went wrong")).toEqual([]);
  });

  it("finds the titles written in code", () => {
    const titles = toastTitlesInSource().map((t) => t.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        "Style created",
        "Login error",
        "Generation failed",
        "Generating 0",
        "0 made",
        "Drawing 0",
        "Credit change error",
      ]),
    );
  });

  it("are in sentence case in the catalogue", () => {
    const catalogue = [...Object.values(toastMessages).map((m) => m.title), DEFAULT_TOAST.title];
    expect(catalogue.filter((title) => sentenceCaseProblems(title).length)).toEqual([]);
  });

  it("are in sentence case wherever a toast is raised", () => {
    const wrong = toastTitlesInSource().filter(({ title }) => sentenceCaseProblems(title).length);
    expect(wrong).toEqual([]);
  });
});
