import { expect, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { countMails, latestLoginLink, mailsTo, signInWithApi, uniqueEmail } from "./support/auth";

/** Set SCREENSHOTS_DIR to keep the team page's pictures (docs/screenshots). */
const screenshots = process.env.SCREENSHOTS_DIR;

test("an owner makes a team and invites a colleague, who signs up from the e-mail and joins", async ({
  page,
  browser,
}) => {
  // Two people, two e-mails and a sign-in through the invitation.
  test.slow();
  await signInWithApi(page);
  await page.goto("/app");
  await page.getByRole("navigation", { name: "App" }).getByRole("link", { name: "Teams" }).click();
  await expect(page.getByRole("heading", { name: "No teams yet" })).toBeVisible();
  await page.getByRole("button", { name: "New team" }).click();
  const dialog = page.getByRole("dialog", { name: "New team" });
  await dialog.getByRole("button", { name: "Make team" }).click();
  await expect(dialog.getByText("Give the team a name.")).toBeVisible();
  await dialog.getByLabel("Team name").fill("Harbour Games");
  await dialog.getByRole("button", { name: "Make team" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Harbour Games" })).toBeVisible();
  await expect(page.getByTestId("team-member")).toHaveCount(1);
  await expectNoViolations(page, "team page");

  const colleague = uniqueEmail("colleague");
  const invite = page.getByRole("region", { name: "Invite people" });
  await invite.getByLabel("E-mail address").fill(colleague);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.locator('[data-toast-id][data-color="success"]').last()).toContainText("Invitation sent");
  await expect(page.getByRole("list", { name: "Pending invitations" })).toContainText(colleague);

  // The colleague opens the link from the mail capture, in a browser of their own.
  await expect.poll(() => countMails(page.request, colleague)).toBe(1);
  const [invitation] = await mailsTo(page.request, colleague);
  expect(invitation!.subject).toContain("Harbour Games");
  const link = /https?:\/\/\S+\/invite\?token=\S+/.exec(invitation!.text)![0];
  const other = await (await browser.newContext()).newPage();
  await other.goto(link);
  await expect(other.getByRole("heading", { name: "Join Harbour Games" })).toBeVisible();
  await other.getByRole("link", { name: `Sign in as ${colleague} to accept` }).click();
  await other.getByLabel("E-mail address").fill(colleague);
  await other.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(other.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await other.goto(await latestLoginLink(other.request, colleague, 1));
  await expect(other).toHaveURL(/\/invite\?token=/);
  await other.getByRole("button", { name: "Join Harbour Games" }).click();
  // Exactly the team's page: the invitation's own heading, "Join Harbour Games", holds the name too.
  await expect(other.getByRole("heading", { level: 1, name: "Harbour Games", exact: true })).toBeVisible();
  await expect(other.getByText("You are a member.")).toBeVisible();
  // A member sees who is in the team, and manages nothing.
  await expect(other.getByTestId("team-member")).toHaveCount(2);
  await expect(other.getByRole("region", { name: "Invite people" })).toHaveCount(0);

  // The owner sees them join; makes them an admin; the link cannot be used again.
  await page.reload();
  await expect(page.getByTestId("team-member").filter({ hasText: colleague })).toBeVisible();
  await expect(page.getByRole("list", { name: "Pending invitations" })).toHaveCount(0);
  await page.getByLabel(`Role of ${colleague}`).selectOption("admin");
  await expect(page.locator('[data-toast-id][data-color="success"]').last()).toContainText("Role changed");
  // A monthly limit on what the colleague may spend of the team's balance; the owner's own row has none to set.
  await expect(page.getByRole("button", { name: /^Monthly limit of / })).toHaveCount(1);
  await page.getByRole("button", { name: `Monthly limit of ${colleague}` }).click();
  const limit = page.getByRole("dialog", { name: `Monthly limit for ${colleague}` });
  await limit.getByLabel("Credits a month").fill("-3");
  await limit.getByRole("button", { name: "Save limit" }).click();
  await expect(limit.getByText("The limit cannot be below 0.")).toBeVisible();
  await limit.getByLabel("Credits a month").fill("50");
  await limit.getByRole("button", { name: "Save limit" }).click();
  await expect(page.locator('[data-toast-id][data-color="success"]').last()).toContainText("Limit set");
  await expect(page.getByTestId("team-member").filter({ hasText: colleague }).getByTestId("member-spend")).toHaveText(
    "spent 0 of 50 this month",
  );
  await other.goto(link);
  await expect(other.getByText("This invitation was already used.")).toBeVisible();
  if (screenshots) {
    await page.screenshot({ path: `${screenshots}/team-light.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await page.screenshot({ path: `${screenshots}/team-dark-mobile.png`, fullPage: true });
  }
});

test("someone signed in with another address is told whose invitation it is", async ({ page, browser }) => {
  await signInWithApi(page);
  await page.goto("/app/teams");
  await page.getByRole("button", { name: "New team" }).click();
  await page.getByRole("dialog", { name: "New team" }).getByLabel("Team name").fill("Night Shift");
  await page.getByRole("dialog", { name: "New team" }).getByRole("button", { name: "Make team" }).click();
  const invited = uniqueEmail("invited");
  await page.getByRole("region", { name: "Invite people" }).getByLabel("E-mail address").fill(invited);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect.poll(() => countMails(page.request, invited)).toBe(1);
  const [mail] = await mailsTo(page.request, invited);
  const link = /https?:\/\/\S+\/invite\?token=\S+/.exec(mail!.text)![0];

  const someoneElse = await (await browser.newContext()).newPage();
  await signInWithApi(someoneElse);
  await someoneElse.goto(link);
  await expect(someoneElse.getByText(`Sign out, then sign in as ${invited} to accept.`)).toBeVisible();
  await expect(someoneElse.getByRole("button", { name: "Join Night Shift" })).toHaveCount(0);
  // And the team's page is not theirs to see.
  const teamUrl = page.url();
  await someoneElse.goto(teamUrl);
  await expect(someoneElse.getByRole("heading", { name: "Page not found" })).toBeVisible();
  // Signing out from the invitation leads to a sign-in with the invited address already in it.
  await someoneElse.goto(link);
  await someoneElse.getByRole("button", { name: "Sign out" }).click();
  await expect(someoneElse).toHaveURL(/\/auth\/login\?/);
  await expect(someoneElse.getByLabel("E-mail address")).toHaveValue(invited);
});
