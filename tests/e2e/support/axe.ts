import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Runs axe-core against WCAG 2.1 A and AA (contrast, names and roles, landmarks,
 * labels) and fails with the rules and elements when it finds anything.
 */
export async function expectNoViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const found = results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(" ")}: ${n.failureSummary?.split("\n")[1]?.trim()}`),
  }));
  expect(found, `${label}: ${JSON.stringify(found, null, 2)}`).toEqual([]);
}
