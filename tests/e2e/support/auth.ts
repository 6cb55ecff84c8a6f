import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { e2ePorts } from "./ports";

let counter = 0;
export function uniqueEmail(label = "user"): string {
  return `${label}-${Date.now()}-${process.pid}-${counter++}@example.com`;
}

interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** Waits for the newest sign-in e-mail to `email` in the SMTP capture and returns its link. */
export async function latestLoginLink(request: APIRequestContext, email: string, after = 0): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(
          `http://127.0.0.1:${e2ePorts.smtpApi}/messages?to=${encodeURIComponent(email)}`,
        );
        const messages = (await response.json()) as CapturedMail[];
        if (messages.length <= after) return false;
        const mail = messages.at(-1)!;
        link = /https?:\/\/\S+\/auth\/verify\?\S+/.exec(mail.text)?.[0];
        return Boolean(link);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return link!;
}

export async function countMails(request: APIRequestContext, email: string): Promise<number> {
  const response = await request.get(`http://127.0.0.1:${e2ePorts.smtpApi}/messages?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as unknown[]).length;
}

/** Asks for a link on the login page, as a person would. */
export async function requestLoginLink(page: Page, email: string, base = ""): Promise<void> {
  await page.goto(`${base}/auth/login`);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
}

/** Signs in through the real e-mail link and waits for the app. */
export async function signIn(page: Page, email = uniqueEmail(), base = ""): Promise<string> {
  const before = await countMails(page.request, email);
  await requestLoginLink(page, email, base);
  const link = await latestLoginLink(page.request, email, before);
  await page.goto(link);
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByTestId("credit-badge")).toContainText("100");
  return email;
}

/**
 * Signs `email` in through the API and opens the app, for tests whose subject is not sign-in:
 * where `signIn` ends, without loading the sign-in pages (sign-in.spec.ts walks those).
 */
export async function signInToApp(page: Page, email = uniqueEmail(), base = ""): Promise<string> {
  await signInWithApi(page, email, base);
  await page.goto(`${base}/app`);
  await expect(page.getByTestId("credit-badge")).toContainText("100");
  return email;
}

/**
 * Signs `email` in through the API (link, verify, session) in the page's browser
 * context, for tests whose subject is not sign-in itself.
 */
export async function signInWithApi(page: Page, email = uniqueEmail(), base = ""): Promise<string> {
  const root = base || `http://localhost:${e2ePorts.app}`;
  const headers = { Origin: root };
  const before = await countMails(page.request, email);
  expect((await page.request.post(`${root}/api/auth/signin-email`, { data: { email }, headers })).ok()).toBe(true);
  const token = new URL(await latestLoginLink(page.request, email, before)).searchParams.get("token")!;
  const verified = await page.request.post(`${root}/api/auth/verify`, { data: { token, email }, headers });
  const { idToken } = (await verified.json()) as { idToken: string };
  expect((await page.request.post(`${root}/api/auth/token`, { data: { idToken }, headers })).ok()).toBe(true);
  expect((await page.request.post(`${root}/api/users/new`, { headers })).ok()).toBe(true);
  return email;
}

/** Every e-mail the SMTP capture holds for `email`, oldest first. */
export async function mailsTo(request: APIRequestContext, email: string): Promise<CapturedMail[]> {
  const response = await request.get(`http://127.0.0.1:${e2ePorts.smtpApi}/messages?to=${encodeURIComponent(email)}`);
  return (await response.json()) as CapturedMail[];
}

/** Waits for the e-mail asking `operator` for credits on behalf of `requester`, and returns it. */
export async function creditRequestMail(
  request: APIRequestContext,
  operator: string,
  requester: string,
): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(async () => {
      found = (await mailsTo(request, operator)).find((m) => m.subject === `Credits requested by ${requester}`);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** Waits until React has hydrated the page (app-effects.tsx): a control set before then is put back. */
/** The signed-in person's balance, as the profile reads it. */
export async function balanceWithApi(page: Page, base = ""): Promise<number> {
  const reply = await page.request.get(`${base}/api/users/me`);
  return ((await reply.json()) as { user: { credits: number } }).user.credits;
}

export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
