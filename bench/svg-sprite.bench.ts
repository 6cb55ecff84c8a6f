// SVG sprite export: `npm run bench -- svg-sprite`. The covers of a 20-icon finance set in a flat
// style and of 6 line icons, drawn by the preview engine at 1024 px, traced into an SVG sprite the
// first time (nothing kept yet: every cover traced, TRACE_CONCURRENCY at a time) and again (each
// trace read back from storage), as the export does. One run each: a first trace happens once.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { FlatLook } from "../domain/looks";
import { createOfflineProvider } from "../server/generation/providers/offline.server";
import { styleSystemPrompt, subjectPrompt } from "../server/generation/prompts";
import { TRACE_CONCURRENCY } from "../server/objects/image-svg.server";
import { writeSvgSprite } from "../server/objects/svg-sprite.server";
import { createDiskStorage } from "../server/storage/storage.server";
import { report } from "./targets";

type Traceable = Parameters<typeof writeSvgSprite>[1]["traceable"][number];

const palette = ["#1d3557", "#e76e50", "#f4a23c", "#a8dadc"];
const finance =
  "wallet, coin, bank, chart, piggy bank, credit card, safe, savings, budget, bitcoin, dollar, receipt, " +
  "calculator, invoice, stock, percent, briefcase, handshake, tax, cash";
const sets: { name: string; description: string; look: FlatLook; subjects: string[] }[] = [
  { name: "20 flat icons", description: "Flat vector icons", look: "icon", subjects: finance.split(", ") },
  {
    name: "6 line icons",
    description: "Line icons, thin strokes",
    look: "line",
    subjects: finance.split(", ").slice(0, 6),
  },
];

const root = mkdtempSync(path.join(os.tmpdir(), "motif-svg-bench-"));
const storage = createDiskStorage(root);
const targets = [];
const details: Record<string, unknown> = { concurrency: TRACE_CONCURRENCY };
try {
  for (const set of sets) {
    const traceable: Traceable[] = [];
    for (const [i, subject] of set.subjects.entries()) {
      const stylePrompt = styleSystemPrompt({ description: set.description, palette });
      const [image] = (
        await createOfflineProvider().generate({
          prompt: subjectPrompt({ subject, transparent: true, stylePrompt }),
          size: "square",
          detail: "standard",
          transparent: true,
          references: [],
          seed: i + 1,
          n: 1,
          palette,
          neighbours: set.subjects,
        })
      ).images;
      const fileKey = `${set.look}/${i}.png`;
      await storage.put(fileKey, image!.data, "image/png");
      const object = { id: `${i}`, name: subject, stylePalette: palette };
      traceable.push({ object, cover: { fileKey }, look: set.look } as Traceable);
    }
    const exportOnce = async () => {
      let bytes = 0;
      const out = new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done();
        },
      });
      const started = performance.now();
      await writeSvgSprite({ storage }, { traceable, singleColour: false, out });
      return { ms: Math.round(performance.now() - started), bytes };
    };
    const first = await exportOnce();
    const kept = await exportOnce();
    details[set.name] = { firstBytes: first.bytes, keptBytes: kept.bytes };
    targets.push(
      {
        name: `SVG sprite of ${set.name}, traced the first time`,
        measured: first.ms,
        unit: "ms",
        target: set.subjects.length * 400,
        better: "lower" as const,
      },
      {
        name: `SVG sprite of ${set.name}, traces kept`,
        measured: kept.ms,
        unit: "ms",
        target: 500,
        better: "lower" as const,
      },
    );
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
report("bench/results/svg-sprite.json", targets, details);
