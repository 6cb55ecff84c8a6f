const START = "window.__reactRouterManifest = ";
const END = ";\n  window.__reactRouterRouteModules";

/**
 * React Router writes the routes a document needs as JSON indented by two spaces, about a third
 * of it whitespace (4.6 kB on /app); the same data on one line. Only the manifest's bytes are
 * decoded and written again: every fresh render passes through here. Anything else is left as it is.
 */
export function compactRouterManifest(html: Buffer): Buffer {
  const start = html.indexOf(START);
  if (start === -1) return html;
  const from = start + Buffer.byteLength(START);
  const end = html.indexOf(END, from);
  if (end === -1) return html;
  let manifest: unknown;
  try {
    manifest = JSON.parse(html.toString("utf8", from, end));
  } catch {
    return html;
  }
  return Buffer.concat([html.subarray(0, from), Buffer.from(JSON.stringify(manifest), "utf8"), html.subarray(end)]);
}
