/**
 * Spec §8: navigating to an external address without an explicit external flag
 * is refused. Every programmatic navigation to a computed address goes through here.
 */
export class ExternalNavigationError extends Error {
  constructor(readonly target: string) {
    super(`Refused to navigate to an external address without the external flag: ${target}`);
    this.name = "ExternalNavigationError";
  }
}

export type NavigationTarget = { external: false; path: string } | { external: true; url: string };

/**
 * Classifies `to` against the current origin. Local paths come back as paths
 * (`/app?x#y`); anything that leaves the origin throws unless `external` is set.
 */
export function resolveNavigation(to: string, options: { origin: string; external?: boolean }): NavigationTarget {
  const trimmed = to.trim();
  // "//host" and "/\host" are protocol-relative in browsers: treat them as external.
  const looksProtocolRelative = /^[\\/]{2}/.test(trimmed) || /^\/\\/.test(trimmed);
  let url: URL;
  try {
    url = new URL(trimmed, options.origin);
  } catch {
    throw new ExternalNavigationError(to);
  }
  // The parser can turn "/.//host" into the path "//host", which a browser reads as another host.
  const pathLeavesOrigin = /^[\\/]{2}/.test(url.pathname);
  const isLocal = !looksProtocolRelative && !pathLeavesOrigin && url.origin === new URL(options.origin).origin;
  if (isLocal) return { external: false, path: `${url.pathname}${url.search}${url.hash}` };
  if (!options.external || !/^https?:$/.test(url.protocol)) throw new ExternalNavigationError(to);
  return { external: true, url: url.href };
}

/** A local path safe to redirect to after sign-in, or the fallback. */
export function safeRedirectPath(to: string | null | undefined, fallback = "/app"): string {
  if (!to) return fallback;
  try {
    const target = resolveNavigation(to, { origin: "http://motif.local" });
    return target.external ? fallback : target.path;
  } catch {
    return fallback;
  }
}
