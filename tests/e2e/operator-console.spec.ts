import { expect, test, type Browser, type Page } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expectNoViolations } from "./support/axe";
import { countMails, latestLoginLink, mailsTo, requestLoginLink, signInWithApi, uniqueEmail } from "./support/auth";
import { createStyleWithApi, generateObjectsWithApi, waitForJob } from "./support/objects";
import { e2ePorts } from "./support/ports";
import { startServerProcess, waitForHealth } from "./support/server-process";

// The console changes what every page of its instance shows (the announcement, who may sign up),
// so it runs on an instance of its own, one step after another.
const port = e2ePorts.consoleApp;
const base = `http://localhost:${port}`;
const OPERATOR = "console-operator@example.com";
/** Set SCREENSHOTS_DIR to keep the console's pictures (docs/screenshots). */
const screenshots = process.env.SCREENSHOTS_DIR;

test.describe.configure({ mode: "serial" });

let dataDir: string;
let server: ReturnType<typeof startServerProcess>;
let member: { email: string; page: Page };
let operator: Page;

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: base })).newPage();
  await signInWithApi(page, email, base);
  return page;
}

const row = (page: Page, email: string) => page.getByTestId("account-row").filter({ hasText: email });

async function openAccountAction(page: Page, email: string, action: string) {
  await page.getByRole("button", { name: `Actions for ${email}` }).click();
  await page.getByRole("menuitem", { name: action }).click();
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "motif-console-"));
  server = startServerProcess(port, dataDir, {
    PUBLIC_URL: base,
    SMTP_URL: `smtp://127.0.0.1:${e2ePorts.smtp}`,
    SIGNIN_LIMIT_PER_IP: "1000",
    ADMIN_EMAILS: OPERATOR,
    // Previews are priced like a model's, so the usage has credits to show.
    PREVIEW_PRICE: "standard",
  });
  await waitForHealth(port);
  // A member who made a style and a set: the console's figures are real.
  member = { email: uniqueEmail("console-member"), page: undefined as unknown as Page };
  member.page = await signedInPage(browser, member.email);
  const styleId = await createStyleWithApi(member.page, "Harbour icons", base);
  const { job } = await generateObjectsWithApi(
    member.page,
    { styleId, subjects: ["Lantern", "Anchor", "Compass"] },
    base,
  );
  await waitForJob(member.page, job.id, base);
  operator = await signedInPage(browser, OPERATOR);
});

test.afterAll(async () => {
  server?.child.kill("SIGKILL");
  await server?.exited;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("the console is there for operators only, from the account menu", async () => {
  await member.page.goto("/app/admin");
  await expect(member.page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await member.page.goto("/app/admin/usage");
  await expect(member.page.getByRole("heading", { name: "Page not found" })).toBeVisible();

  await operator.goto("/app");
  await operator.getByRole("button", { name: "Account menu" }).click();
  await operator.getByRole("menuitem", { name: "Operator console" }).click();
  await expect(operator.getByRole("heading", { level: 1, name: "Operator console" })).toBeVisible();
  await expect(row(operator, member.email)).toBeVisible();
  await expect(row(operator, OPERATOR)).toContainText("You");
  await expectNoViolations(operator, "console users");
});

test("an operator gives an account credits while the server runs, and its open tab sees them at once", async () => {
  await member.page.goto("/app");
  const badge = member.page.getByTestId("credit-badge");
  await expect(badge).toHaveAttribute("aria-label", /^[\d,]+ credits$/);
  const before = Number((await badge.getAttribute("aria-label"))!.replace(/\D/g, ""));

  await operator.goto("/app/admin");
  await operator.getByRole("searchbox", { name: "Search by address" }).fill("console-member");
  await operator.getByRole("searchbox", { name: "Search by address" }).press("Enter");
  await expect(operator.getByTestId("account-row")).toHaveCount(1);
  await openAccountAction(operator, member.email, "Give or take credits");
  const dialog = operator.getByRole("dialog", { name: `Credits for ${member.email}` });
  await dialog.getByRole("button", { name: "Give credits" }).click();
  await expect(dialog.getByText("Give a whole number of credits.")).toBeVisible();
  await dialog.getByLabel("Credits", { exact: true }).fill("250");
  await expect(dialog).toContainText(`After: ${(before + 250).toLocaleString("en")} credits`);
  await dialog.getByLabel("Why").fill("Art team allowance");
  await dialog.getByRole("button", { name: "Give credits" }).click();
  await expect(operator.locator('[data-toast-id][data-color="success"]')).toContainText("Credits given");
  await expect(dialog).toHaveCount(0);
  await expect(row(operator, member.email)).toContainText((before + 250).toLocaleString("en"));
  await expect(badge).toContainText((before + 250).toLocaleString("en"));
  // The person's history says why they were given them.
  await member.page.goto("/app/credits");
  await expect(member.page.getByRole("list", { name: "Credit history" }).getByRole("listitem").first()).toContainText(
    "Added by the operator: Art team allowance",
  );
});

test("a team works together: the operator gives it credits, a colleague makes a set with its style, the owner sees it and who spent what", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = member.page;
  const headers = { Origin: base };
  const made = await owner.request.post(`${base}/api/teams`, { headers, data: { name: "Harbour Games" } });
  expect(made.status()).toBe(201);
  const { team } = (await made.json()) as { team: { id: string } };
  // The colleague is invited by e-mail and joins with the link from the mail capture.
  const colleagueEmail = uniqueEmail("console-colleague");
  const invited = await owner.request.post(`${base}/api/teams/${team.id}/invitations`, {
    headers,
    data: { email: colleagueEmail },
  });
  expect(invited.status()).toBe(201);
  await expect.poll(() => countMails(owner.request, colleagueEmail)).toBe(1);
  const [mail] = await mailsTo(owner.request, colleagueEmail);
  const link = /https?:\/\/\S+\/invite\?token=\S+/.exec(mail!.text)![0];
  const colleague = await signedInPage(browser, colleagueEmail);
  await colleague.goto(link.replace(/^https?:\/\/[^/]+/, base));
  await colleague.getByRole("button", { name: "Join Harbour Games" }).click();
  // Exactly the team's page: the invitation's own heading, "Join Harbour Games", holds the name too.
  await expect(colleague).toHaveURL(new RegExp(`/app/teams/${team.id}$`));
  await expect(colleague.getByRole("heading", { level: 1, name: "Harbour Games", exact: true })).toBeVisible();
  // A new team's history is empty, and says what it will hold.
  await colleague.goto(`${base}/app/credits?workspace=${team.id}`);
  await expect(colleague.getByTestId("credit-history-empty")).toContainText(
    "No credit movements yet.Credits given to Harbour Games",
  );
  await colleague.goto(`${base}/app/teams/${team.id}`);

  // An operator does not ask themselves for credits: the credits page sends them to the console.
  await operator.goto("/app/credits");
  await expect(operator.getByTestId("give-credits")).toHaveAttribute("href", "/app/admin");
  await expect(operator.getByTestId("request-credits")).toHaveCount(0);
  // The operator gives the team credits from the console, while the server runs.
  await operator.goto("/app/admin/teams");
  const card = operator.getByTestId("operator-team").filter({ hasText: "Harbour Games" });
  await card.getByRole("button", { name: "Credits for team Harbour Games" }).click();
  const dialog = operator.getByRole("dialog", { name: "Credits for team “Harbour Games”" });
  await dialog.getByLabel("Credits", { exact: true }).fill("400");
  await dialog.getByLabel("Why").fill("Studio budget");
  await dialog.getByRole("button", { name: "Give credits" }).click();
  await expect(operator.locator('[data-toast-id][data-color="success"]').last()).toContainText("Credits given");
  await expect(card.getByTestId("operator-team-balance")).toContainText("400");
  await expectNoViolations(operator, "console teams");

  // The owner switches to the team from the header and makes its style there.
  await owner.goto("/app");
  await owner.getByTestId("workspace-switcher").click();
  await owner.getByRole("menuitem", { name: "Harbour Games" }).click();
  await expect(owner.getByTestId("workspace-switcher")).toContainText("Harbour Games");
  await expect(owner.getByTestId("credit-badge")).toContainText("400");
  await expectNoViolations(owner, "the app in a team's workspace");
  const styleId = await createStyleWithApi(owner, "Harbour crest", base);

  // The colleague works in the team from the team's page, and uses its style to make a set.
  await colleague.getByRole("link", { name: "Work in this team" }).click();
  await expect(colleague.getByTestId("workspace-switcher")).toContainText("Harbour Games");
  await colleague.goto("/app/style");
  await expect(colleague.getByText("Harbour crest")).toBeVisible();
  const { job, objects } = await generateObjectsWithApi(colleague, { styleId, subjects: ["Lighthouse", "Buoy"] }, base);
  await waitForJob(colleague, job.id, base);

  // The owner sees the set and, in the team's history, who spent what.
  await owner.goto("/app/object");
  const lighthouse = owner.getByTestId("object-card").filter({ hasText: "Lighthouse" });
  await expect(lighthouse).toBeVisible();
  // Who made what is shown.
  await expect(lighthouse.getByTestId("made-by")).toContainText(colleagueEmail);
  await owner.goto("/app/credits");
  const history = owner.getByRole("list", { name: "Credit history" });
  await expect(history.getByTestId("credit-by").filter({ hasText: colleagueEmail }).first()).toBeVisible();
  await expect(history.getByTestId("credit-by").filter({ hasText: member.email }).first()).toBeVisible();
  await expect(history).toContainText("Added by the operator: Studio budget");
  // The team's page shows what each spent this month.
  await owner.goto(`/app/teams/${team.id}`);
  await expect(
    owner.getByTestId("team-member").filter({ hasText: colleagueEmail }).getByTestId("member-spend"),
  ).toHaveText("spent 6 this month"); // two draft images at 3 credits each
  // On a phone the header still names the workspace the balance belongs to, and nothing spills out.
  await owner.setViewportSize({ width: 375, height: 812 });
  await expect(owner.getByTestId("workspace-switcher").getByText("Harbour Games")).toBeVisible();
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await owner.setViewportSize({ width: 1280, height: 720 });
  if (screenshots) {
    await owner.screenshot({ path: `${screenshots}/team-workspace-light.png`, fullPage: true });
    await owner.emulateMedia({ colorScheme: "dark" });
    await owner.setViewportSize({ width: 375, height: 812 });
    await owner.goto("/app/credits");
    await expect(history.getByTestId("credit-by").first()).toBeVisible();
    await owner.screenshot({ path: `${screenshots}/team-history-dark-mobile.png`, fullPage: true });
    await owner.getByTestId("workspace-switcher").click();
    // Once the menu has faded in.
    await expect(owner.getByRole("menu")).toHaveCSS("opacity", "1");
    await owner.screenshot({ path: `${screenshots}/workspace-switcher-dark-mobile.png` });
    await owner.keyboard.press("Escape");
    await owner.emulateMedia({ colorScheme: "light" });
    await owner.setViewportSize({ width: 1280, height: 720 });
    await operator.emulateMedia({ colorScheme: "dark" });
    await operator.reload();
    await operator.screenshot({ path: `${screenshots}/console-teams-dark.png`, fullPage: true });
    await operator.emulateMedia({ colorScheme: "light" });
  }
  // Back to their own workspace, for the tests after this one.
  await owner.goto(`/app?workspace=${encodeURIComponent(await ownId(owner))}`);
  await expect(owner.getByTestId("workspace-switcher")).toContainText("Personal");
  // A link to the team's object, shared without its workspace, opens it in the team.
  await owner.goto(`/app/object/${objects[0]!.id}`);
  await expect(owner.getByRole("heading", { level: 1, name: "Lighthouse" })).toBeVisible();
  await expect(owner.getByTestId("workspace-switcher")).toContainText("Harbour Games");
  // And so does a link to the set.
  await owner.goto(`/app?workspace=${encodeURIComponent(await ownId(owner))}`);
  await owner.goto(`/app/object?set=${job.id}`);
  await expect(owner.getByTestId("object-card")).toHaveCount(2);
  await expect(owner.getByTestId("workspace-switcher")).toContainText("Harbour Games");
  // And a link to the objects of the team's style.
  await owner.goto(`/app?workspace=${encodeURIComponent(await ownId(owner))}`);
  await owner.goto(`/app/object?style=${styleId}`);
  await expect(owner.getByTestId("object-card")).toHaveCount(2);
  await expect(owner.getByTestId("workspace-switcher")).toContainText("Harbour Games");
  await owner.goto(`/app?workspace=${encodeURIComponent(await ownId(owner))}`);
  await expect(owner.getByTestId("workspace-switcher")).toContainText("Personal");
  // Removed from the team while its page is open, the colleague is told, and the tab moves to
  // their own workspace: their own balance, live again.
  await colleague.goto("/app");
  await expect(colleague.getByTestId("credit-badge")).not.toContainText("400");
  const teamBalance = (await colleague.getByTestId("credit-badge").getAttribute("aria-label"))!;
  const colleagueId = (
    (await (await colleague.request.get(`${base}/api/users/me`)).json()) as { user: { uid: string } }
  ).user.uid;
  const removed = await owner.request.delete(`${base}/api/teams/${team.id}/members/${colleagueId}`, { headers });
  expect(removed.status()).toBe(204);
  await expect(colleague.getByTestId("workspace-left")).toContainText("You are no longer in that team.");
  await expect(colleague.getByTestId("credit-badge")).not.toHaveAttribute("aria-label", teamBalance);
  await expect(colleague.getByTestId("workspace-switcher")).toHaveCount(0);
  await colleague.context().close();
});

/** The signed-in person's own id (their own workspace's). */
async function ownId(page: Page): Promise<string> {
  const reply = await page.request.get(`${base}/api/users/me`);
  return ((await reply.json()) as { user: { uid: string } }).user.uid;
}

test("an operator disables an account, whose open tab is signed out, and enables it again", async () => {
  await member.page.goto("/app/object");
  await expect(member.page.getByRole("heading", { level: 1, name: "Objects" })).toBeVisible();

  await operator.goto(`/app/admin?q=${encodeURIComponent(member.email)}`);
  await openAccountAction(operator, member.email, "Disable account");
  const dialog = operator.getByRole("dialog", { name: `Disable ${member.email}?` });
  await dialog.getByLabel("Why").fill("Shared their key in a public repo");
  await dialog.getByRole("button", { name: "Disable account" }).click();
  await expect(operator.locator('[data-toast-id][data-color="success"]')).toContainText("Account disabled");
  await expect(row(operator, member.email)).toContainText("Disabled");

  // The member's open tab, untouched, is sent to the sign-in page.
  await expect(member.page).toHaveURL(/\/auth\/login/, { timeout: 15_000 });

  await openAccountAction(operator, member.email, "Enable account");
  const enable = operator.getByRole("dialog", { name: `Enable ${member.email}?` });
  await enable.getByLabel("Why").fill("Key rotated");
  await enable.getByRole("button", { name: "Enable account" }).click();
  await expect(row(operator, member.email)).not.toContainText("Disabled");
  await signInWithApi(member.page, member.email, base);
  await member.page.goto("/app");
  await expect(member.page.getByTestId("credit-badge")).toBeVisible();
});

test("the usage charts show the instance's real figures, in both colour modes and on a phone", async () => {
  const api = (await (await operator.request.get(`${base}/api/admin/usage?days=30`)).json()) as {
    totals: { images: number; creditsSpent: number };
  };
  expect(api.totals.images).toBeGreaterThan(0);
  await operator.goto("/app/admin/usage");
  const stats = operator.getByRole("definition");
  await expect(operator.getByText("Images", { exact: true }).first()).toBeVisible();
  await expect(stats.filter({ hasText: new RegExp(`^${api.totals.images}$`) }).first()).toBeVisible();
  await expect(stats.filter({ hasText: new RegExp(`^${api.totals.creditsSpent}$`) }).first()).toBeVisible();
  // The charts draw the days' bars and the models' bars from the same figures.
  await expect(operator.getByTestId("daily-chart").locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(operator.getByTestId("model-chart").locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(operator.getByRole("row", { name: /Preview engine/ }).first()).toBeVisible();
  await expectNoViolations(operator, "console usage");

  const csv = await operator.request.get(`${base}/api/admin/usage.csv?days=30`);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect((await csv.text()).split("\r\n")[0]).toBe("day,images,credits_spent,jobs,failed_jobs");

  for (const colorScheme of ["light", "dark"] as const) {
    await operator.emulateMedia({ colorScheme });
    for (const width of [1440, 375]) {
      await operator.setViewportSize({ width, height: width === 375 ? 812 : 1000 });
      await operator.reload();
      await expect(operator.getByTestId("daily-chart").locator(".recharts-bar-rectangle").first()).toBeVisible();
      // Nothing is wider than the screen.
      expect(await operator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (screenshots)
        await operator.screenshot({
          path: `${screenshots}/console-usage-${colorScheme}${width === 375 ? "-mobile" : ""}.png`,
          fullPage: true,
        });
    }
    await expectNoViolations(operator, `console usage, ${colorScheme}`);
  }
  await operator.emulateMedia({ colorScheme: "light" });
  await operator.setViewportSize({ width: 1440, height: 1000 });
  if (screenshots) {
    await operator.goto("/app/admin");
    await operator.screenshot({ path: `${screenshots}/console-users-light.png` });
    await operator.emulateMedia({ colorScheme: "dark" });
    await operator.setViewportSize({ width: 375, height: 812 });
    await operator.reload();
    await operator.screenshot({ path: `${screenshots}/console-users-dark-mobile.png`, fullPage: true });
    await operator.emulateMedia({ colorScheme: "light" });
    await operator.setViewportSize({ width: 1440, height: 1000 });
  }
});

test("the instance's settings change sign-ups and the announcement at once, without a restart", async ({ browser }) => {
  // Someone asks for a link while sign-ups are open, and opens it only after they close.
  const late = uniqueEmail("console-late");
  const latePage = await (await browser.newContext({ baseURL: base })).newPage();
  await requestLoginLink(latePage, late, base);
  const lateLink = await latestLoginLink(latePage.request, late);

  await operator.goto("/app/admin/instance");
  const form = operator.getByRole("region", { name: "Sign-ups and announcement" });
  await expect(form.getByText("From the environment.").first()).toBeVisible();
  await form.getByLabel("Announcement").fill("Render farm maintenance on Friday, 18:00 UTC.");
  await form.getByText("Invitation", { exact: true }).click();
  await form.getByRole("button", { name: "Save settings" }).click();
  await expect(operator.locator('[data-toast-id][data-color="success"]')).toContainText("Settings saved");
  await expect(form.getByText(/^Set here\./).first()).toBeVisible();
  if (screenshots) {
    await operator.emulateMedia({ colorScheme: "dark" });
    await operator.screenshot({ path: `${screenshots}/console-instance-dark.png`, fullPage: true });
    await operator.emulateMedia({ colorScheme: "light" });
  }

  await member.page.goto("/app");
  await expect(member.page.getByRole("complementary", { name: "Announcement" })).toContainText(
    "Render farm maintenance on Friday, 18:00 UTC.",
  );

  // The link sent before makes no account now, and says why.
  await latePage.goto(lateLink);
  await expect(latePage.locator('[data-toast-id][data-color="error"]')).toContainText(
    "New accounts on this Motif are by invitation.",
  );

  // Someone new asks for a link: the page answers as always; the e-mail says why there is none.
  const stranger = uniqueEmail("console-stranger");
  const newcomer = await (await browser.newContext({ baseURL: base })).newPage();
  await newcomer.goto("/auth/login");
  await expect(newcomer.getByText("New accounts here are by invitation.")).toBeVisible();
  await newcomer.getByLabel("E-mail address").fill(stranger);
  await newcomer.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(newcomer.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await expect.poll(() => countMails(newcomer.request, stranger)).toBe(1);
  const [refusal] = await mailsTo(newcomer.request, stranger);
  expect(refusal!.text).toContain("New accounts on this Motif are by invitation.");
  expect(refusal!.text).not.toContain("/auth/verify");

  // Back to the environment's policy, then its (empty) announcement.
  await form.getByRole("button", { name: "Use the environment's" }).first().click();
  await expect(form.getByText("From the environment.")).toHaveCount(2);
  await form.getByRole("button", { name: "Use the environment's" }).click();
  await expect(form.getByText("From the environment.")).toHaveCount(3);
  await expect(form.getByLabel("Announcement")).toHaveValue("");
  await member.page.reload();
  await expect(member.page.getByRole("complementary", { name: "Announcement" })).toHaveCount(0);
});

test("the audit log shows every change, who made it and why", async () => {
  await operator.goto("/app/admin/audit");
  const entries = operator.getByTestId("audit-entry");
  await expect(entries.filter({ hasText: `Gave credits to ${member.email}` })).toContainText("Art team allowance");
  await expect(entries.filter({ hasText: `Disabled ${member.email}` })).toContainText(
    "Shared their key in a public repo",
  );
  await expect(entries.filter({ hasText: `Enabled ${member.email}` })).toContainText("Key rotated");
  await expect(entries.filter({ hasText: "Changed the instance's settings" }).first()).toContainText(`By ${OPERATOR}`);
  await expectNoViolations(operator, "console audit log");
});
