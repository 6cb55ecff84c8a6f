import { readCookie } from "../auth/session-cookie.server";

/**
 * The workspace a browser last chose (the header's switcher, or a link with `?workspace=`):
 * its pages and API calls act there until another is chosen. It names a workspace and grants
 * nothing: membership is checked on every request.
 */
const WORKSPACE_COOKIE = "motif_workspace";
const ONE_YEAR_SECONDS = 365 * 86_400;
/** Workspace ids are the ids the app makes: letters, digits, `_` and `-`. */
const ID = /^[\w-]{1,100}$/;

export function readWorkspaceCookie(cookieHeader: string | null | undefined): string | null {
  const value = readCookie(cookieHeader, WORKSPACE_COOKIE);
  return value && ID.test(value) ? value : null;
}

export function workspaceCookie(workspaceId: string, secure: boolean): string {
  const parts = [
    `${WORKSPACE_COOKIE}=${workspaceId}`,
    "Path=/",
    `Max-Age=${ONE_YEAR_SECONDS}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/** A workspace id from a link's `?workspace=`, when well formed. */
export function requestedInUrl(url: URL): string | null {
  const value = url.searchParams.get("workspace");
  return value && ID.test(value) ? value : null;
}
