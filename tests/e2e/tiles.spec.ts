import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { XMLParser } from "fast-xml-parser";
import { readZip } from "../support/zip";
import { signInWithApi } from "./support/auth";
import { expectNoViolations } from "./support/axe";
import { createStyleWithApi, generateObjectsWithApi, waitForJob } from "./support/objects";

for (const { width, scheme } of [
  { width: 1440, scheme: "light" },
  { width: 375, scheme: "dark" },
] as const) {
  test(`make grass and dirt into seamless tiles, grass over dirt into an autotile set, and download it for Tiled (${width} px, ${scheme})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await signInWithApi(page);
    const styleId = await createStyleWithApi(page, "Meadow ground");
    const { job, objects } = await generateObjectsWithApi(page, { styleId, subjects: ["Grass", "Dirt"] });
    await waitForJob(page, job.id);
    const [grass, dirt] = objects;

    // Dirt first: its tile is the ground the grass lies over.
    await page.goto(`/app/object/${dirt!.id}`);
    const tiles = page.getByRole("region", { name: "Tiles" });
    await tiles.getByLabel("Tile size").selectOption("32");
    await tiles.getByTestId("make-seamless-tile").click();
    await expect(page.locator("[data-toast-id]").filter({ hasText: "Seamless tile made" })).toContainText(
      "A 32-px seamless tile of Dirt was added.",
    );
    await expect(tiles.getByRole("img", { name: "Dirt tiled 3 × 3" })).toBeVisible();
    // No other ground yet: the panel says what to do.
    await expect(tiles).toContainText("make a 32-px seamless tile of another ground first");

    await page.goto(`/app/object/${grass!.id}`);
    await tiles.getByTestId("make-seamless-tile").click();
    await expect(tiles.getByRole("img", { name: "Grass tiled 3 × 3" })).toBeVisible();
    await expect(page.getByTestId("image-lineage")).toHaveText("Seamless tile · 32 px from image 1");
    await expect(tiles.getByLabel("Over")).toHaveValue(/.+/);
    await expect(tiles.getByLabel("Over").locator("option:checked")).toHaveText("Dirt");
    await tiles.getByLabel("Set").selectOption({ label: "16 tiles · corner set" });
    await expectNoViolations(page, `object page with a seamless tile, ${scheme}`);
    await tiles.getByTestId("make-autotile-set").click();
    await expect(page.locator("[data-toast-id]").filter({ hasText: "Autotile set made" })).toContainText(
      "Grass over Dirt, 16 tiles · corner set, was added.",
    );
    await expect(
      page.getByTestId("variant-strip").getByRole("button", { name: /^Image 3, autotile set/ }),
    ).toHaveAttribute("aria-pressed", "true");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      tiles.getByRole("link", { name: /Tiled/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("grass-over-dirt-tiled.zip");
    const files = await readZip(readFileSync(await download.path()));
    expect(files.map((f) => f.name).sort()).toEqual([
      "grass-over-dirt-sample.tmx",
      "grass-over-dirt.png",
      "grass-over-dirt.tsx",
    ]);
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" });
    const { tileset } = parser.parse(files.find((f) => f.name.endsWith(".tsx"))!.data.toString()) as {
      tileset: {
        tilecount: string;
        tilewidth: string;
        wangsets: { wangset: { name: string; wangtile: { wangid: string }[] } };
      };
    };
    expect([tileset.tilecount, tileset.tilewidth]).toEqual(["16", "32"]);
    expect(tileset.wangsets.wangset.name).toBe("Grass over Dirt");
    // Sixteen different corner combinations, sides unset.
    expect(new Set(tileset.wangsets.wangset.wangtile.map((t) => t.wangid)).size).toBe(16);
    await expectNoViolations(page, `object page with an autotile set, ${scheme}`);
  });
}
