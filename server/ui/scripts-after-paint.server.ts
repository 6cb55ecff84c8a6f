import { recentAnswers } from "./recent-answers.server";

// What is searched for, as bytes: a string needle is encoded again on every search.
const MODULE_TAG = Buffer.from('<script type="module" async="">');
const MANIFEST = Buffer.from("window.__reactRouterManifest = ");
const ROUTE_MODULES = Buffer.from("window.__reactRouterRouteModules = ");
const SCRIPT_END = Buffer.from("</script>");
const PRELOAD_START = Buffer.from('<link rel="modulepreload" href="');
const PRELOAD_END = Buffer.from('"/>');
const QUOTE = 0x22;

/**
 * Waits for the page's first contentful paint. A tab not shown paints nothing and goes on at
 * once; a browser without paint entries goes on after its first frame; none waits over 1.5 s.
 */
const AWAIT_FIRST_PAINT =
  "await new Promise((go) => {" +
  'if (document.visibilityState !== "visible") return go();' +
  "setTimeout(go, 1500);" +
  'if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return requestAnimationFrame(() => setTimeout(go));' +
  'const painted = new PerformanceObserver((list) => { if (list.getEntriesByName("first-contentful-paint").length) { painted.disconnect(); go(); } });' +
  'painted.observe({ type: "paint", buffered: true });' +
  "});";

/** A string literal for a script's text inside an HTML script element. */
const scriptLiteral = (text: string) => JSON.stringify(text).replaceAll("<", "\\u003c");

/**
 * What runs once the page has painted: the page's modules asked for all at once, then React
 * Router's own script — its route imports and what follows its manifest — as a module script
 * of its own, so the modules still run together, in their order, when all have arrived.
 */
export function afterPaint(routerScript: string, preloads: readonly string[]): string {
  return [
    AWAIT_FIRST_PAINT,
    `for (const href of ${scriptLiteral([...preloads].join(" "))}.split(" ")) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `document.body.append(Object.assign(document.createElement("script"), { type: "module", textContent: ${scriptLiteral(routerScript)} }));`,
  ].join("\n");
}

const written = recentAnswers<Buffer>(64);

/** `afterPaint`'s bytes, after a line break, kept for the last pages seen. */
function afterPaintOnce(routerScript: string, preloads: readonly string[]): Buffer {
  const key = `${routerScript}\n${preloads.join(" ")}`;
  return written(key, () => Buffer.from(`\n${afterPaint(routerScript, preloads)}`, "utf8"))!;
}

/**
 * A document whose scripts are fetched and run after its first paint (docs/decisions/135):
 * the head's module preloads and React Router's module script become one script that waits
 * for the paint, then asks for them. The manifest is set at once, as written. Anything not
 * written as React Router writes it is left as it is.
 */
export function scriptsAfterPaint(html: Buffer): Buffer {
  const tag = html.indexOf(MODULE_TAG);
  if (tag === -1) return html;
  const from = tag + MODULE_TAG.length;
  const end = html.indexOf(SCRIPT_END, from);
  const manifest = html.indexOf(MANIFEST, from);
  const routeModules = html.indexOf(ROUTE_MODULES, manifest);
  if (end === -1 || manifest === -1 || routeModules === -1 || routeModules > end) return html;

  const pieces: Buffer[] = [];
  const preloads = new Set<string>();
  let at = 0;
  for (let link = html.indexOf(PRELOAD_START); link !== -1 && link < tag; link = html.indexOf(PRELOAD_START, at)) {
    const href = link + PRELOAD_START.length;
    // A preload with more than its address (an integrity, a nonce) is not React Router's as this reads it.
    const close = html.indexOf(QUOTE, href);
    if (close === -1 || close > tag || !html.subarray(close, close + PRELOAD_END.length).equals(PRELOAD_END))
      return html;
    preloads.add(html.toString("utf8", href, close));
    pieces.push(html.subarray(at, link));
    at = close + PRELOAD_END.length;
  }
  const routerScript = html.toString("utf8", from, manifest) + html.toString("utf8", routeModules, end);
  pieces.push(
    html.subarray(at, from),
    html.subarray(manifest, routeModules),
    afterPaintOnce(routerScript, [...preloads]),
    html.subarray(end),
  );
  return Buffer.concat(pieces);
}
