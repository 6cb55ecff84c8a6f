/**
 * Spec §2: page views are sent with the route path normalised by replacing
 * dynamic parameter values with their names (/app/object/abc → /app/object/:objectId).
 * A catch-all's value becomes "*", so unknown paths do not each count apart.
 */
export function normalizeRoutePath(pathname: string, params: Record<string, string | undefined>): string {
  const splat = params["*"];
  let path = pathname;
  if (splat) {
    const index = safeDecode(path).lastIndexOf(splat);
    path = index >= 0 ? `${safeDecode(path).slice(0, index)}*` : path;
  }
  const named = Object.entries(params).filter(([name, value]) => name !== "*" && value);
  return path
    .split("/")
    .map((segment) => {
      const match = named.find(([, value]) => value === safeDecode(segment));
      return match ? `:${match[0]}` : segment;
    })
    .join("/");
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Every normalised path a page view can have (the route table's paths, and "/*" or "/app/*" for unknown pages). */
export const knownRoutePaths = [
  "/",
  "/terms",
  "/privacy",
  "/auth/login",
  "/auth/verify",
  "/invite",
  "/app",
  "/app/style",
  "/app/style/:styleId",
  "/app/styles/*",
  "/app/settings",
  "/app/object",
  "/app/object/:objectId",
  "/app/characters",
  "/app/characters/:characterId",
  "/app/setup",
  "/app/credits",
  "/app/teams",
  "/app/teams/:teamId",
  "/app/admin",
  "/app/admin/teams",
  "/app/admin/usage",
  "/app/admin/instance",
  "/app/admin/audit",
  "/app/*",
  "/*",
] as const;
