import type { Request, Response } from "express";
import sharp from "sharp";
import { createStyleSchema, sampleDetail } from "#domain/styles";
import { paletteFromDescription } from "#domain/palette";
import { PRESET_CARD_PX, presetSubjects, stylePresets, type StylePreset } from "#domain/presets";
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

const cards = new BytesCache(1024 * 1024);
const engine = createOfflineProvider();

/**
 * A sample as its preset's card shows it: at the card's size, as WebP — about a tenth of the
 * full-size PNG, which a phone would otherwise fetch twelve of for one page of cards. Pixel art
 * is made smaller pixel by pixel and kept lossless, so its edges and colours stay exact.
 */
export function presetCardImage(png: Buffer, preset: Pick<StylePreset, "crisp">): Promise<Buffer> {
  const smaller = sharp(png).resize(PRESET_CARD_PX, PRESET_CARD_PX, {
    fit: "contain",
    background: { r: 0, g: 0, b: 0, alpha: 0 },
    kernel: preset.crisp ? "nearest" : "lanczos3",
  });
  return (preset.crisp ? smaller.webp({ lossless: true }) : smaller.webp({ quality: 85 })).toBuffer();
}

/** A preset card's image by its address's parts ("flat", "chest.webp"); null for no such card. */
export async function drawPresetCard(presetId: string, file: string): Promise<Buffer | null> {
  const preset = stylePresets.find((p) => p.id === presetId);
  const subject = presetSubjects.find((s) => `${s.id}.webp` === file);
  const request = preset && subject ? presetSampleRequest(preset.id, subject.subject) : null;
  if (!preset || !request) return null;
  return presetCardImage((await engine.generate(request)).images[0]!.data, preset);
}

/** Every preset card's address, as `/preset-cards/<preset>/<subject>.webp`. */
export const presetCardPaths = stylePresets.flatMap((preset) => preset.previews.map((preview) => preview.src));

/**
 * GET /preset-cards/:presetId/:subject.webp — a preset card's image. A production build has them
 * all as files (scripts/draw-preset-cards.ts), served before this; without them (development, a
 * build that could not draw them) each is drawn once per process.
 */
export async function presetCard(req: Request, res: Response): Promise<void> {
  const key = `${String(req.params.presetId)}/${String(req.params.file)}`;
  let card = cards.get(key) ?? null;
  if (!card) {
    card = await drawPresetCard(String(req.params.presetId), String(req.params.file));
    if (!card) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    cards.set(key, card);
  }
  // The same build draws the same card: browsers and caches may keep it a day.
  res.setHeader("Cache-Control", "public, max-age=86400");
  res.type("image/webp").send(card);
}
