const START = "window.__reactRouterManifest = ";
const END = ";\n  window.__reactRouterRouteModules";

/**
 * React Router writes the routes a document needs as JSON indented by two spaces, about a third
 * of it whitespace (4.6 kB on /app); the same data on one line. Anything else is left as it is.
 */
export function compactRouterManifest(html: Buffer): Buffer {
  const text = html.toString("utf8");
  const start = text.indexOf(START);
  if (start === -1) return html;
  const from = start + START.length;
  const end = text.indexOf(END, from);
  if (end === -1) return html;
  let manifest: unknown;
  try {
    manifest = JSON.parse(text.slice(from, end));
  } catch {
    return html;
  }
  return Buffer.from(text.slice(0, from) + JSON.stringify(manifest) + text.slice(end), "utf8");
}
