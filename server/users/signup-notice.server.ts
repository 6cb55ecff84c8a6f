import { readCookie } from "../auth/session-cookie.server";

/**
 * Marks a browser whose new account got no sign-up credits because its address had them
 * before (an account deleted and made again). The app shell reads it on the next page it
 * loads, says why the balance is 0, and clears it: told once, on arrival, whichever way the
 * account was made (e-mail link or a federated sign-in). It carries no account data.
 */
const SIGNUP_NOTICE_COOKIE = "motif_signup_notice";
const VALUE = "grant-used-before";
/** Long enough for a slow first page load after signing up; a later visit is not told again. */
const MAX_AGE_SECONDS = 600;

function serialize(value: string, maxAge: number, secure: boolean): string {
  const parts = [`${SIGNUP_NOTICE_COOKIE}=${value}`, "Path=/", `Max-Age=${maxAge}`, "HttpOnly", "SameSite=Lax"];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export function signupNoticeCookie(secure: boolean): string {
  return serialize(VALUE, MAX_AGE_SECONDS, secure);
}

export function clearSignupNoticeCookie(secure: boolean): string {
  return serialize("", 0, secure);
}

/** Whether this request's browser is to be told its new account got no sign-up credits. */
export function hasSignupNotice(request: Request): boolean {
  return readCookie(request.headers.get("Cookie"), SIGNUP_NOTICE_COOKIE) === VALUE;
}
