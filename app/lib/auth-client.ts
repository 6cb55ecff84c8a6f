import { api } from "./api";

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

/** Tells every other tab that the auth state changed (session sync). */
export function broadcastAuthChange(message: AuthMessage): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(message);
  channel.close();
}

export function onAuthChange(listener: (message: AuthMessage) => void): () => void {
  if (typeof BroadcastChannel === "undefined") return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<AuthMessage>) => listener(event.data);
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
  await api("/api/auth/signin-email", { method: "POST", body: { email, ...(redirectTo ? { redirectTo } : {}) } });
  rememberLoginEmail(email);
}

/**
 * Completes an e-mail-link sign-in (spec §4): verify the link with the e-mail,
 * exchange the ID token for a session cookie, ensure the user record.
 */
export async function completeEmailLinkSignIn(options: { token: string; email: string }): Promise<AuthUser> {
  const { idToken } = await api<{ idToken: string }>("/api/auth/verify", { method: "POST", body: options });
  await api("/api/auth/token", { method: "POST", body: { idToken } });
  const { user } = await api<{ user: AuthUser }>("/api/users/new", { method: "POST" });
  try {
    localStorage.removeItem(LOGIN_EMAIL_KEY);
  } catch {
    // Nothing to clean.
  }
  broadcastAuthChange({ type: "signed-in" });
  return user;
}

export async function signOut(): Promise<void> {
  await api("/api/auth/token", { method: "DELETE" });
  broadcastAuthChange({ type: "signed-out" });
}

export async function fetchProfile(): Promise<AuthUser> {
  const { user } = await api<{ user: AuthUser }>("/api/users/me");
  return user;
}

export async function deleteAccount(): Promise<void> {
  const result = await api<{ success?: boolean }>("/api/users/user", { method: "DELETE" });
  if (result.success !== true) throw new Error("Account deletion did not succeed");
  broadcastAuthChange({ type: "signed-out" });
}
