import { describe, expect, it } from "vitest";
import { afterPaint, scriptsAfterPaint } from "./scripts-after-paint.server";

const preloads = ["/assets/entry.client-A.js", "/assets/root-B.js", "/assets/style-C.js"];
const imports = ';\nimport * as route0 from "/assets/root-B.js";\nimport * as route1 from "/assets/style-C.js";\n  ';
const manifest = 'window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js"},"routes":{}};\n  ';
const rest =
  'window.__reactRouterRouteModules = {"root":route0,"routes/app/style":route1};\n\nimport("/assets/entry.client-A.js");';

/** A document as React Router and React write it: preloads hoisted to the head, its module script at the end. */
const document = (script = `${imports}${manifest}${rest}`) =>
  `<!DOCTYPE html><html><head><title>Styles · Motif</title>` +
  preloads.map((href) => `<link rel="modulepreload" href="${href}"/>`).join("") +
  `<link rel="modulepreload" href="${preloads[0]}"/>` +
  `</head><body><main>Café</main><script>window.__reactRouterContext = {};</script>` +
  `<script type="module" async="">${script}</script><script>window.__reactRouterContext.stream = 1;</script></body></html>`;

/** The script the document ends with, the one `scriptsAfterPaint` wrote. */
const moduleScriptOf = (html: string) => html.split('<script type="module" async="">')[1]!.split("</script>")[0]!;

/**
 * Runs a written script against a page that has not painted yet: what it adds to the head and
 * body, before and after the paint is reported. `paints: false` is a browser without paint entries.
 */
async function runScript(script: string, options: { visibility?: string; paints?: boolean } = {}) {
  const added: { where: string; element: Record<string, string> }[] = [];
  let reportPaint: (() => void) | undefined;
  let nextFrame: (() => void) | undefined;
  const page = {
    visibilityState: options.visibility ?? "visible",
    createElement: (tag: string) => ({ tag }),
    head: { append: (element: Record<string, string>) => added.push({ where: "head", element }) },
    body: { append: (element: Record<string, string>) => added.push({ where: "body", element }) },
  };
  class PerformanceObserver {
    static supportedEntryTypes = options.paints === false ? ["navigation"] : ["paint", "navigation"];
    constructor(private readonly callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {}
    observe() {
      reportPaint = () =>
        this.callback({ getEntriesByName: (name) => (name === "first-contentful-paint" ? [{}] : []) });
    }
    disconnect() {}
  }
  const timers: (() => void)[] = [];
  const run = new Function(
    "window",
    "document",
    "PerformanceObserver",
    "setTimeout",
    "requestAnimationFrame",
    `return (async () => {${script}})();`,
  )(
    {},
    page,
    PerformanceObserver,
    (go: () => void) => timers.push(go),
    (go: () => void) => (nextFrame = go),
  ) as Promise<void>;
  let done = false;
  void run.then(() => (done = true));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  await settle();
  const beforePaint = [...added];
  return {
    beforePaint,
    done: () => done,
    added,
    paint: async () => {
      reportPaint?.();
      nextFrame?.();
      for (const timer of timers.splice(1)) timer();
      await settle();
    },
    timeOut: async () => {
      timers[0]?.();
      await settle();
    },
  };
}

describe("scriptsAfterPaint", () => {
  it("moves the head's module preloads and React Router's imports into a script that waits for the paint", () => {
    const html = scriptsAfterPaint(Buffer.from(document())).toString();
    expect(html).not.toContain('modulepreload" href');
    expect(html).toContain("<main>Café</main>");
    const script = moduleScriptOf(html);
    // The manifest is set at once, as written; nothing is imported before the paint.
    expect(script.startsWith(manifest)).toBe(true);
    expect(script).not.toMatch(/^import /m);
    expect(html.endsWith("<script>window.__reactRouterContext.stream = 1;</script></body></html>")).toBe(true);
  });

  it("after the first paint asks for every module once, then runs React Router's script as written", async () => {
    const script = moduleScriptOf(scriptsAfterPaint(Buffer.from(document())).toString());
    const page = await runScript(script);
    expect(page.beforePaint).toEqual([]);
    await page.paint();
    expect(page.done()).toBe(true);
    const links = page.added.filter((a) => a.where === "head").map((a) => a.element);
    expect(links).toEqual(preloads.map((href) => ({ tag: "link", rel: "modulepreload", href })));
    const scripts = page.added.filter((a) => a.where === "body").map((a) => a.element);
    expect(scripts).toEqual([{ tag: "script", type: "module", textContent: `${imports}${rest}` }]);
  });

  it("goes on at once in a tab not shown, after a frame where paints are not reported, and after 1.5 s at most", async () => {
    const script = afterPaint("import('/a.js');", ["/a.js"]);
    const hidden = await runScript(script, { visibility: "hidden" });
    expect(hidden.done()).toBe(true);
    expect(hidden.added).toHaveLength(2);

    const noPaintEntries = await runScript(script, { paints: false });
    expect(noPaintEntries.added).toEqual([]);
    await noPaintEntries.paint();
    expect(noPaintEntries.added).toHaveLength(2);

    const neverPaints = await runScript(script);
    expect(neverPaints.added).toEqual([]);
    await neverPaints.timeOut();
    expect(neverPaints.added).toHaveLength(2);
  });

  it("writes no closing script tag inside the script, whatever the modules' names hold", () => {
    const script = afterPaint('import * as route0 from "/assets/</script><b>.js";', ["/assets/</script>.js"]);
    expect(script).not.toContain("</script");
    expect(script).toContain("\\u003c/script>");
  });

  it("leaves a document alone that has no module script of React Router's", () => {
    const landing = Buffer.from(
      '<html><head></head><body><script type="module" src="/assets/home.js"></script></body></html>',
    );
    expect(scriptsAfterPaint(landing)).toBe(landing);
    const withoutManifest = Buffer.from(document('import("/assets/entry.client-A.js");'));
    expect(scriptsAfterPaint(withoutManifest)).toBe(withoutManifest);
    const withIntegrity = Buffer.from(
      document().replace('href="/assets/root-B.js"/>', 'href="/assets/root-B.js" integrity="sha384-x"/>'),
    );
    expect(scriptsAfterPaint(withIntegrity)).toBe(withIntegrity);
  });

  it("writes the same bytes for a page seen before, and another page's script its own", () => {
    const first = scriptsAfterPaint(Buffer.from(document())).toString();
    expect(scriptsAfterPaint(Buffer.from(document())).toString()).toBe(first);
    const other = scriptsAfterPaint(Buffer.from(document(`${imports}${manifest}${rest.replace("route1", "route2")}`)));
    expect(other.toString()).not.toBe(first);
    expect(other.toString()).toContain("route2");
  });
});
