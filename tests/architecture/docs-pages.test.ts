// README fits on a screen and leads to the docs pages; the pages' links lead somewhere. Decision
// records are history (they are never rewritten) and are not checked here.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const README_MAX_LINES = 150;
const NOT_PAGES = new Set(["docs/decisions", "docs/screenshots"]);

/** README.md and every markdown page under docs/ but the decision records. */
function pages(dir = "docs"): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return NOT_PAGES.has(file) ? [] : pages(file);
    return entry.name.endsWith(".md") ? [file] : [];
  });
}

/** Markdown without its fenced code blocks and code spans, where brackets are not links. */
const withoutCode = (text: string) =>
  text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "");

/** Every link and image target: inline `[text](target "title")` and reference `[id]: target`. */
export function linkTargets(markdown: string): string[] {
  const text = withoutCode(markdown);
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const references = [...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!);
  return [...inline, ...references];
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading] of withoutCode(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = heading!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/[*`]/g, "")
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

/** The relative links of `file` (a path from the repository's root) that lead nowhere. */
export function brokenLinks(file: string, markdown: string, exists = (p: string) => existsSync(path.join(root, p))) {
  const broken: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (/^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith("//")) continue; // https:, mailto:
    const [rawPath = "", anchor] = target.split("#");
    const linked = decodeURIComponent(rawPath);
    const resolved = linked.startsWith("/")
      ? linked.slice(1)
      : linked
        ? path.posix.normalize(path.posix.join(path.posix.dirname(file), linked))
        : file;
    if (resolved !== file && (resolved.startsWith("..") || !exists(resolved))) {
      broken.push(`${file}: ${target} (no ${resolved})`);
    } else if (anchor && resolved.endsWith(".md")) {
      const page = resolved === file ? markdown : readFileSync(path.join(root, resolved), "utf8");
      if (!headingAnchors(page).has(anchor)) broken.push(`${file}: ${target} (no heading #${anchor} in ${resolved})`);
    }
  }
  return broken;
}

const read = (file: string) => readFileSync(path.join(root, file), "utf8");

describe("README", () => {
  it(`fits on a screen: at most ${README_MAX_LINES} lines`, () => {
    const lines = read("README.md").split("\n").length - 1;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it("links to every docs page, so each can be found from it", () => {
    const linked = new Set(linkTargets(read("README.md")).map((target) => target.split("#")[0]));
    const docs = pages();
    expect(docs.length).toBeGreaterThan(5);
    expect(docs.filter((page) => !linked.has(page))).toEqual([]);
  });
});

describe("links in README and the docs pages", () => {
  it("lead to files that exist, and to headings that exist", () => {
    const files = ["README.md", ...pages()];
    expect(files.flatMap((file) => brokenLinks(file, read(file)))).toEqual([]);
  });

  it("are all found, so the check would catch a broken one", () => {
    const sample = [
      "# Motif",
      "## Gemini (Google)",
      "See [the API](api.md), [Gemini](#gemini-google), ![a picture](screenshots/x.png) and [gone](gone.md).",
      "[Missing](api.md#no-such-heading) and [a site](https://example.com).",
      "[ref]: ../README.md",
      "`[not a link](code.md)`",
      "```",
      "[also not a link](block.md)",
      "```",
    ].join("\n");
    const exists = (p: string) => ["docs/api.md", "docs/screenshots/x.png", "README.md"].includes(p);
    expect(linkTargets(sample)).toEqual([
      "api.md",
      "#gemini-google",
      "screenshots/x.png",
      "gone.md",
      "api.md#no-such-heading",
      "https://example.com",
      "../README.md",
    ]);
    expect(headingAnchors(sample)).toEqual(new Set(["motif", "gemini-google"]));
    const broken = brokenLinks("docs/sample.md", sample, exists);
    expect(broken).toEqual([
      "docs/sample.md: gone.md (no docs/gone.md)",
      "docs/sample.md: api.md#no-such-heading (no heading #no-such-heading in docs/api.md)",
    ]);
  });
});
