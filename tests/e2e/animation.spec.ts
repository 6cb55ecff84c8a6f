import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { readZip } from "../support/zip";
import { signInWithApi } from "./support/auth";
import { expectNoViolations } from "./support/axe";
import { createStyleWithApi, generateObjectsWithApi, waitForJob } from "./support/objects";

const zipFrom = async (page: Page, link: ReturnType<Page["getByRole"]>) => {
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return { name: download.suggestedFilename(), files: await readZip(readFileSync(await download.path())) };
};

for (const { width, scheme } of [
  { width: 1440, scheme: "light" },
  { width: 375, scheme: "dark" },
] as const) {
  test(`an 8-direction walk of a knight on the preview engine, played and downloaded for Godot and Aseprite (${width} px, ${scheme})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await signInWithApi(page);
    const styleId = await createStyleWithApi(page, "Knights");
    const { job, objects } = await generateObjectsWithApi(page, { styleId, subjects: ["Knight"] });
    await waitForJob(page, job.id);
    await page.goto(`/app/object/${objects[0]!.id}`);

    const panel = page.getByRole("region", { name: "Animation" });
    await expect(panel).toContainText("Preview motion");
    await panel.getByLabel("Action", { exact: true }).selectOption({ label: "Walk" });
    await panel.getByLabel("Frames", { exact: true }).selectOption("8");
    await panel.getByLabel("Directions", { exact: true }).selectOption({ label: "8 · with diagonals" });
    await expectNoViolations(page, `object page with the animation panel, ${scheme}`);
    await panel.getByTestId("make-animation").click();
    await expect(page.locator("[data-toast-id]").filter({ hasText: "Animation made" })).toContainText(
      "Knight, walk, 8 frames in 8 directions, was added.",
    );
    await expect(page.getByTestId("image-lineage")).toHaveText(
      "Animation · walk · 8 frames · 8 directions · preview motion from image 1",
    );

    // It plays: the frame shown moves on by itself.
    const player = panel.getByTestId("animation-player");
    await expect(player).toHaveAccessibleName(/^Knight walk, facing South, frame \d of 8$/);
    const first = await player.getAttribute("data-frame");
    await expect.poll(() => player.getAttribute("data-frame")).not.toBe(first);
    await panel.getByLabel("Facing", { exact: true }).selectOption({ label: "West" });
    await expect(player).toHaveAccessibleName(/facing West/);
    await panel.getByRole("button", { name: "Pause" }).click();
    await expect(panel.getByRole("button", { name: "Play" })).toBeVisible();
    await expectNoViolations(page, `object page playing an animation, ${scheme}`);

    // A frame chosen is held in the player; moved later and another dropped, the order is kept as a new sheet.
    const frames = panel.getByRole("list", { name: /Frames/ });
    await frames.getByRole("button", { name: "Frame 2" }).click();
    await expect(player).toHaveAttribute("data-frame", "1");
    await panel.getByRole("button", { name: "Later" }).click();
    await expect(frames.getByRole("button", { name: "Frame 3 (was 2)" })).toBeVisible();
    await frames.getByRole("button", { name: "Frame 8" }).click();
    await panel.getByRole("button", { name: "Drop" }).click();
    await expect(frames.getByRole("button")).toHaveCount(7);
    await panel.getByTestId("save-frames").click();
    await expect(page.locator("[data-toast-id]").filter({ hasText: "Frames saved" })).toContainText("7 frames");
    await expect(page.getByTestId("image-lineage")).toHaveText(
      "Animation · walk · 7 frames · 8 directions · preview motion from image 2",
    );

    const godot = await zipFrom(page, panel.getByRole("link", { name: /^Godot/ }));
    expect(godot.name).toBe("knight-walk-godot.zip");
    const tres = godot.files.find((f) => f.name === "knight-walk.tres")!.data.toString();
    for (const direction of ["s", "se", "e", "ne", "n", "nw", "w", "sw"])
      expect(tres).toContain(`"name": &"walk_${direction}"`);
    const aseprite = await zipFrom(page, panel.getByRole("link", { name: /^Aseprite/ }));
    const sheet = JSON.parse(aseprite.files.find((f) => f.name === "knight-walk.json")!.data.toString()) as {
      frames: Record<string, unknown>;
      meta: { frameTags: unknown[] };
    };
    // The sheet downloaded is the one shown: 7 frames in 8 directions.
    expect(Object.keys(sheet.frames)).toHaveLength(56);
    expect(sheet.meta.frameTags).toHaveLength(8);
  });
}
