import { vi } from "vitest";
import type { SmtpCapture } from "../fakes/smtp-capture";
import { sessionCookieFrom } from "./test-server";

/**
 * Signs `email` in to a server process at `base` through the real e-mail link (caught by `mail`)
 * and makes their account; resolves to the session cookie.
 */
export async function signInToProcess(base: string, mail: SmtpCapture, email: string): Promise<string> {
  const headers = { Origin: base, "Content-Type": "application/json" };
  const post = (url: string, body: unknown) =>
    fetch(`${base}${url}`, { method: "POST", headers, body: JSON.stringify(body) });
  if (!(await post("/api/auth/signin-email", { email })).ok) throw new Error(`No sign-in link was sent to ${email}`);
  const link = await vi.waitFor(
    () => {
      const found = mail.messages
        .findLast((m) => m.to.includes(email))
        ?.text.match(/https?:\/\/\S+\/auth\/verify\?\S+/);
      if (!found) throw new Error(`No sign-in link for ${email} yet`);
      return found[0];
    },
    { timeout: 10_000, interval: 50 },
  );
  const verified = await post("/api/auth/verify", { token: new URL(link).searchParams.get("token"), email });
  const { idToken } = (await verified.json()) as { idToken: string };
  const cookie = sessionCookieFrom(await post("/api/auth/token", { idToken }))!;
  const created = await fetch(`${base}/api/users/new`, { method: "POST", headers: { Origin: base, Cookie: cookie } });
  if (!created.ok) throw new Error(`The account for ${email} was not made (${created.status})`);
  return cookie;
}
