import { expect, test } from "@playwright/test";
import { balanceWithApi, signInWithApi } from "./support/auth";
import { expectNoViolations } from "./support/axe";
import { createStyleWithApi, generateObjectsWithApi, waitForJob } from "./support/objects";

/** Set SCREENSHOTS_DIR to keep the dialog's pictures (docs/screenshots). */
const screenshots = process.env.SCREENSHOTS_DIR;

for (const { width, scheme, picture } of [
  { width: 1440, scheme: "light", picture: "choose-drawing-light.png" },
  { width: 375, scheme: "dark", picture: "choose-drawing-dark-mobile.png" },
] as const) {
  test(`choose another drawing for a preview image, with the keyboard, free (${width} px, ${scheme})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await signInWithApi(page);
    const styleId = await createStyleWithApi(page, "Drawing icons");
    const { job, objects } = await generateObjectsWithApi(page, { styleId, subjects: ["Fox"] });
    await waitForJob(page, job.id);
    await page.goto(`/app/object/${objects[0]!.id}`);
    const before = await balanceWithApi(page);
    const creditBefore = await page.getByTestId("image-credit").textContent();

    await page.getByRole("button", { name: /Choose another drawing/ }).click();
    const dialog = page.getByRole("dialog", { name: "Choose another drawing" });
    const grid = dialog.getByRole("list", { name: "Drawings" });
    await expect(grid.getByRole("listitem").first()).toBeVisible();
    // Each drawing is a picture named by its icon and library; the one it has now is marked.
    const current = grid.getByRole("button", { pressed: true });
    await expect(current).toHaveCount(1);
    await expect(current).toContainText("Current");
    const firstName = (await current.locator("img").getAttribute("alt"))!;
    await expect(grid.getByRole("img").first()).toHaveAttribute("alt", / from /);
    await expect
      .poll(() =>
        grid
          .getByRole("img")
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await expectNoViolations(page, `choose-drawing dialog, ${scheme}`);
    if (screenshots) await page.screenshot({ path: `${screenshots}/${picture}` });

    // With the keyboard: to the first drawing, along by arrow keys to one it does not have, Enter.
    const buttons = grid.getByRole("button");
    await buttons.first().focus();
    const currentIndex = await buttons.evaluateAll((all) => all.findIndex((b) => b.ariaPressed === "true"));
    if (currentIndex === 0) await page.keyboard.press("ArrowRight");
    const picked = page.locator(":focus");
    await expect(picked).toHaveAttribute("aria-pressed", "false");
    const name = (await picked.locator("img").getAttribute("alt"))!;
    const icon = name.split(" from ")[0]!;
    await page.keyboard.press("Enter");

    await expect(
      page.locator("[data-toast-id]").filter({ hasText: `To go back, choose ${firstName.split(" from ")[0]} again.` }),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    // The new cover is shown: the second image, drawn from the chosen icon, free.
    await expect(page.getByRole("heading", { name: "Image 2 of 2" })).toBeVisible();
    await expect(page.getByTestId("image-credit")).toContainText(icon);
    await expect(page.getByTestId("image-credit")).not.toHaveText(creditBefore!);
    expect(await balanceWithApi(page)).toBe(before);

    // Opened again, the chosen one is marked as the current drawing.
    await page.getByRole("button", { name: /Choose another drawing/ }).click();
    await expect(grid.getByRole("button", { pressed: true }).locator("img")).toHaveAttribute("alt", name);

    // Undo: the toast said how; choosing the first drawing again brings the first image back, drawing nothing.
    await grid.getByRole("img", { name: firstName, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { name: "Image 1 of 2" })).toBeVisible();
    await expect(page.getByTestId("image-credit")).toHaveText(creditBefore!);
  });
}
