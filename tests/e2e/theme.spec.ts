import { expect, test, type Page } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { flashToasts, type FlashToast } from "./support/flash";

/** The colour a CSS value resolves to in this page, e.g. `var(--color-success-50)`. */
function resolveColor(page: Page, value: string): Promise<string> {
  return page.evaluate((css) => {
    const probe = document.createElement("div");
    probe.style.backgroundColor = css;
    document.body.append(probe);
    const resolved = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return resolved;
  }, value);
}

// Spec §9: success, info, warning and error are palette tokens, and toasts are drawn with them.
for (const colorScheme of ["light", "dark"] as const) {
  test(`toasts use the success and error tokens, readable in ${colorScheme} mode`, async ({
    page,
    context,
    baseURL,
  }) => {
    await page.emulateMedia({ colorScheme });
    const toasts: FlashToast[] = [
      { title: "Style error", description: "The style could not be saved.", color: "error", timeout: 30_000 },
      { title: "Style saved", description: "Your changes are kept.", color: "success", timeout: 30_000 },
    ];
    await flashToasts(context, baseURL!, toasts);
    await page.goto("/terms");
    await expect(page.locator("[data-toast-id]")).toHaveCount(2);
    const shade = colorScheme === "light" ? 50 : 950;
    for (const tone of ["success", "error"] as const) {
      const toast = page.locator(`[data-toast-id][data-color=${tone}]`);
      const expected = await resolveColor(page, `var(--color-${tone}-${shade})`);
      expect(expected, `--color-${tone}-${shade} is defined`).not.toBe("rgba(0, 0, 0, 0)");
      await expect(toast).toHaveCSS("background-color", expected);
    }
    await expectNoViolations(page, `${colorScheme} toasts`, { toasts: true });
  });
}
