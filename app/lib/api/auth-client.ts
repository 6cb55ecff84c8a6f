import { ApiError } from "~/lib/api/api";
import { callApi } from "~/lib/api/api-client";
import { loginPath } from "#domain/login-path";

/** Spec §3: the e-mail is remembered here between sending the link and completing sign-in. */
export const LOGIN_EMAIL_KEY = "loginEmail";
/** Spec §9: after a failed sign-in, log out and return to the login page after 5 s. */
export const FAILED_LOGIN_LOGOUT_MS = 5000;

export interface AuthUser {
  uid: string;
  email: string;
  credits: number;
  /** Orders this balance reading against live "credits" events (newer wins). */
  creditsVersion: number;
}

type AuthMessage = { type: "signed-in" } | { type: "signed-out" };
const CHANNEL = "motif-auth";
/**
 * This tab's mark on what it tells the others. A channel's message reaches every other channel
 * object of its name, this tab's own listeners too; but this tab has acted already (it is
 * navigating), and loading its data again as well raced that navigation and lost its one-time
 * sign-up notice. An identity, not a secret.
 */
const THIS_TAB = Math.random().toString(36).slice(2);

/** Tells every other tab that the auth state changed (session sync). */
export function broadcastAuthChange(message: AuthMessage): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ ...message, tab: THIS_TAB });
  channel.close();
}

/** Calls `listener` when another tab signs in or out. */
export function onAuthChange(listener: (message: AuthMessage) => void): () => void {
  if (typeof BroadcastChannel === "undefined") return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<AuthMessage & { tab?: string }>) => {
    const { tab, ...message } = event.data;
    if (tab !== THIS_TAB) listener(message);
  };
  return () => channel.close();
}

export function rememberLoginEmail(email: string): void {
  try {
    localStorage.setItem(LOGIN_EMAIL_KEY, email);
  } catch {
    // Without storage the verify page asks for the e-mail again.
  }
}

export function readLoginEmail(): string | null {
  try {
    return localStorage.getItem(LOGIN_EMAIL_KEY);
  } catch {
    return null;
  }
}

export async function sendLoginLink(email: string, redirectTo?: string | null): Promise<void> {
  await callApi("post", "/api/auth/signin-email", { body: { email, ...(redirectTo ? { redirectTo } : {}) } });
  rememberLoginEmail(email);
}

export interface ServedElsewhere {
  /** The server's own words: "Motif is served at …; open it there to sign in." */
  message: string;
  origin: string;
  /** The sign-in page there, keeping where the person was going. */
  loginUrl: string;
}

/** Reads the server's refusal of a request from an origin it does not serve (403 with its address). */
export function servedElsewhere(error: unknown, redirectTo?: string | null): ServedElsewhere | undefined {
  if (!(error instanceof ApiError) || error.status !== 403) return undefined;
  const publicUrl = error.details.publicUrl;
  if (typeof publicUrl !== "string") return undefined;
  let origin: string;
  try {
    const url = new URL(publicUrl);
    if (!/^https?:$/.test(url.protocol)) return undefined;
    origin = url.origin;
  } catch {
    return undefined;
  }
  return { message: error.message, origin, loginUrl: `${origin}${loginPath(redirectTo)}` };
}

/**
 * Completes an e-mail-link sign-in (spec §4): verify the link with the e-mail,
 * exchange the ID token for a session cookie, ensure the user record.
 */
export async function completeEmailLinkSignIn(options: { token: string; email: string }): Promise<AuthUser> {
  const { idToken } = await callApi("post", "/api/auth/verify", { body: options });
  await callApi("post", "/api/auth/token", { body: { idToken } });
  const { user } = await callApi("post", "/api/users/new");
  try {
    localStorage.removeItem(LOGIN_EMAIL_KEY);
  } catch {
    // Nothing to clean.
  }
  broadcastAuthChange({ type: "signed-in" });
  return user;
}

/** Why a link did not sign in, as the server tells it (see POST /api/auth/verify). */
export function linkFailure(error: unknown): "invalid" | "wrong_email" | undefined {
  if (!(error instanceof ApiError) || error.status !== 401) return undefined;
  const reason = error.details.reason;
  return reason === "invalid" || reason === "wrong_email" ? reason : undefined;
}

/** Whether a sign-in link can still be used; asking uses nothing. */
export async function isLinkUsable(token: string): Promise<boolean> {
  const { usable } = await callApi("post", "/api/auth/link-status", { body: { token } });
  return usable;
}

export async function signOut(): Promise<void> {
  await callApi("delete", "/api/auth/token");
  broadcastAuthChange({ type: "signed-out" });
}

export async function fetchProfile(): Promise<AuthUser> {
  const { user } = await callApi("get", "/api/users/me");
  return user;
}

export async function deleteAccount(): Promise<void> {
  const result = await callApi("delete", "/api/users/user");
  if (result.success !== true) throw new Error("Account deletion did not succeed");
  broadcastAuthChange({ type: "signed-out" });
}
