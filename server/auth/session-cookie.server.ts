/** The session cookie's name; over HTTPS the browser keeps it as `__Host-motif_session`. */
export const SESSION_COOKIE = "motif_session";

/** The session cookie: HttpOnly, SameSite=Lax; __Host- prefixed and Secure over HTTPS. */
export function sessionCookieName(secure: boolean): string {
  return secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(/;\s*/)) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq) === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1));
      } catch {
        return undefined; // A malformed cookie counts as no cookie.
      }
    }
  }
  return undefined;
}

export function serializeSessionCookie(options: { value: string; secure: boolean; maxAgeMs: number }): string {
  const parts = [
    `${sessionCookieName(options.secure)}=${options.value}`,
    "Path=/",
    `Max-Age=${Math.floor(options.maxAgeMs / 1000)}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearSessionCookie(secure: boolean): string {
  return serializeSessionCookie({ value: "", secure, maxAgeMs: 0 });
}
