import { z } from "zod";
import { detailValues, imageSizeValues } from "#domain/images";
import { limits } from "#domain/limits";
import { PALETTE_MAX } from "#domain/styles";

/**
 * What forms keep across a chunk-load reload (spec §4: state is kept; reload-drafts.ts), checked
 * before it is restored. Loaded only when there is a draft to restore: see `draftSchema`.
 */
const settingsSchema = z.object({
  defaultSize: z.enum(imageSizeValues),
  defaultDetail: z.enum(detailValues),
  defaultTransparent: z.boolean(),
  defaultModel: z.string().max(32).nullable(),
});

export const newStyleDraftSchema = z.object({
  source: z.enum(["text", "image"]),
  name: z.string().max(limits.styleName),
  description: z.string().max(limits.styleDescription),
  settings: settingsSchema,
  /** Files cannot ride in sessionStorage: how many were dropped, so the user can be told. */
  lostReferences: z.number().int().min(0).max(limits.referenceImages),
});

export const editStyleDraftSchema = z.object({
  styleId: z.string().min(1).max(100),
  name: z.string().max(limits.styleName),
  description: z.string().max(limits.styleDescription),
  palette: z.array(z.string().regex(/^#[0-9a-f]{6}$/i)).max(PALETTE_MAX),
  settings: settingsSchema,
});

export const composerDraftSchema = z.object({
  text: z.string().max(20_000),
  styleId: z.string().max(100).nullable(),
  size: z.enum(imageSizeValues),
  detail: z.enum(detailValues),
  transparent: z.boolean(),
  variations: z.number().int().min(1).max(limits.variations),
  prompt: z.string().max(limits.objectPrompt * 2),
  model: z.string().max(32).optional(),
});
