/** The sign-in page, keeping where the person was going (the default, /app, needs no query). */
export function loginPath(redirectTo?: string | null): string {
  return !redirectTo || redirectTo === "/app"
    ? "/auth/login"
    : `/auth/login?redirectTo=${encodeURIComponent(redirectTo)}`;
}
