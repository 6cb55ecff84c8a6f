// Part of `npm run build`: every preset card's image as a file under build/client, so the styles
// page's twelve card images are served like the other public files, never drawn by a running
// server (drawing loads the preview engine's icon libraries: memory and a moment of CPU).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { drawPresetCard, presetCardPaths } from "#server/styles/preset-cards.server";

for (const address of presetCardPaths) {
  const [, , presetId, file] = address.split("/");
  const card = await drawPresetCard(presetId!, file!);
  if (!card) throw new Error(`No preset card at ${address}`);
  const target = path.join("build/client", address);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, card);
}
