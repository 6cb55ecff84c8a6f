import { recentAnswers } from "./recent-answers.server";

const START = "window.__reactRouterManifest = ";
const END = ";\n  window.__reactRouterRouteModules";

/**
 * The last manifests seen and their one-line forms: a manifest follows the route and the build,
 * so a few pages' manifests repeat for every request, and parsing one again costs more than the
 * lookup.
 */
const compacted = recentAnswers<Buffer>(32);

function compactOnce(text: string): Buffer | null {
  return compacted(text, () => {
    let manifest: unknown;
    try {
      manifest = JSON.parse(text);
    } catch {
      return null;
    }
    return Buffer.from(JSON.stringify(manifest), "utf8");
  });
}

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
  const compact = compactOnce(html.toString("utf8", from, end));
  if (!compact) return html;
  return Buffer.concat([html.subarray(0, from), compact, html.subarray(end)]);
}
