import type { Request, Response } from "express";
import { createStyleSchema, sampleDetail } from "#domain/styles";
import { paletteFromDescription } from "#domain/palette";
import { presetSubjects, stylePresets } from "#domain/presets";
import { BytesCache } from "../cache/bytes-cache.server";
import { createOfflineProvider } from "../generation/providers/offline.server";
import type { GenerateRequest } from "../generation/providers/provider";
import { styleSystemPrompt, subjectPrompt } from "../generation/prompts";

/** A new style's defaults: what a style made from a preset draws its samples at unless changed. */
const defaults = createStyleSchema.pick({ defaultSize: true, defaultDetail: true, defaultTransparent: true }).parse({});

/**
 * What the preview engine is asked for one of a preset style's samples, exactly as the samples job
 * asks it (server/generation/kinds/style-samples.server.ts, run-job.server.ts): so a preset's card
 * shows the samples a style made from it gets.
 */
export function presetSampleRequest(presetId: string, subject: string): GenerateRequest | null {
  const preset = stylePresets.find((p) => p.id === presetId);
  if (!preset) return null;
  const palette = paletteFromDescription(preset.description);
  const stylePrompt = styleSystemPrompt({ description: preset.description, palette });
  const transparent = defaults.defaultTransparent;
  return {
    prompt: subjectPrompt({ subject, stylePrompt, transparent }),
    size: defaults.defaultSize,
    detail: sampleDetail(defaults.defaultDetail),
    transparent,
    references: [],
    seed: 1,
    n: 1,
    palette,
    neighbours: presetSubjects.map((s) => s.subject).filter((other) => other !== subject),
    avoid: { drawings: [], images: 0 },
    variant: 0,
  };
}

const cards = new BytesCache(4 * 1024 * 1024);
const engine = createOfflineProvider();

/** GET /preset-cards/:presetId/:subject.png — a preset card's image, drawn once per process. */
export async function presetCard(req: Request, res: Response): Promise<void> {
  const subject = presetSubjects.find((s) => `${s.id}.png` === req.params.file);
  const request = subject ? presetSampleRequest(String(req.params.presetId), subject.subject) : null;
  if (!subject || !request) {
    res.status(404).type("text/plain").send("Not found");
    return;
  }
  const key = `${req.params.presetId}/${subject.id}`;
  let png = cards.get(key);
  if (!png) {
    png = (await engine.generate(request)).images[0]!.data;
    cards.set(key, png);
  }
  // The same build draws the same card: browsers and caches may keep it a day.
  res.setHeader("Cache-Control", "public, max-age=86400");
  res.type("image/png").send(png);
}
