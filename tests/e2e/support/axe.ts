import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Runs axe-core against WCAG 2.1 A and AA (contrast, names and roles, landmarks,
 * labels) and fails with the rules and elements when it finds anything.
 *
 * Toasts come and go on their own timers, and one caught mid-fade has a blended,
 * lower contrast; so page checks leave them out, and the toast test checks them
 * (with `toasts: true`) once they have settled.
 */
export async function expectNoViolations(page: Page, label: string, options: { toasts?: boolean } = {}) {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  if (options.toasts) {
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (a) =>
            a.playState !== "running" || !(a.effect as KeyframeEffect | null)?.target?.closest?.("[data-toast-id]"),
        ),
    );
  } else {
    builder = builder.exclude("[data-toast-id]");
  }
  // Colours still easing (a switch to dark mode, a hover fading out) are measured half-way and read
  // as low contrast: wait until every finite transition and animation outside the toasts has ended.
  // A colour scheme just emulated reaches the page's listeners at its next rendering update, and
  // the transitions it starts only then: two frames first, so they are running when looked for.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => {
      if (a.playState !== "running") return true;
      const effect = a.effect as KeyframeEffect | null;
      if (effect?.getTiming().iterations === Infinity) return true;
      return Boolean(effect?.target?.closest?.("[data-toast-id]"));
    }),
  );
  const results = await builder.analyze();
  const found = results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(" ")}: ${n.failureSummary?.split("\n")[1]?.trim()}`),
  }));
  expect(found, `${label}: ${JSON.stringify(found, null, 2)}`).toEqual([]);
}
