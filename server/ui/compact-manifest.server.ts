const START = "window.__reactRouterManifest = ";
const END = ";\n  window.__reactRouterRouteModules";

/**
 * The last manifests seen and their one-line forms: a manifest follows the route and the build,
 * so a few pages' manifests repeat for every request, and parsing one again costs more than the
 * lookup. Kept small; an unknown manifest is compacted and noted in place of the oldest.
 */
const recent = new Map<string, Buffer>();
const RECENT_MAX = 32;

function compactOnce(text: string): Buffer | null {
  const known = recent.get(text);
  if (known) return known;
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    return null;
  }
  const compact = Buffer.from(JSON.stringify(manifest), "utf8");
  if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
  recent.set(text, compact);
  return compact;
}

/**
 * React Router writes the routes a document needs as JSON indented by two spaces, about a third
 * of it whitespace (4.6 kB on /app); the same data on one line. Only the manifest's bytes are
 * decoded and written again: every fresh render passes through here. Anything else is left as it is.
 *
 * The one-line form is never longer, so it is written into `html` itself, the rest moved up
 * behind it, and the shorter view of the same memory returned: a fresh render allocates its
 * document's bytes once (a second buffer of them cost about a twentieth of the render thread's
 * time). `html` is the caller's to give up.
 */
export function compactRouterManifest(html: Buffer): Buffer {
  const start = html.indexOf(START);
  if (start === -1) return html;
  const from = start + Buffer.byteLength(START);
  const end = html.indexOf(END, from);
  if (end === -1) return html;
  const compact = compactOnce(html.toString("utf8", from, end));
  if (!compact || compact.length > end - from) return html;
  compact.copy(html, from);
  html.copyWithin(from + compact.length, end);
  return html.subarray(0, html.length - (end - from - compact.length));
}
