import { z } from "zod";
import { detailValues, imageSizeValues } from "#domain/images";
import { limits } from "#domain/limits";
import { PALETTE_MAX } from "#domain/styles";

/** What the style dialogs keep across a chunk-load reload (spec §4: state is kept; reload-drafts.ts). */
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
export type NewStyleDraft = z.infer<typeof newStyleDraftSchema>;

export const editStyleDraftSchema = z.object({
  styleId: z.string().min(1).max(100),
  name: z.string().max(limits.styleName),
  description: z.string().max(limits.styleDescription),
  palette: z.array(z.string().regex(/^#[0-9a-f]{6}$/i)).max(PALETTE_MAX),
  settings: settingsSchema,
});
export type EditStyleDraft = z.infer<typeof editStyleDraftSchema>;

/** A restored model the operator no longer offers falls back to the default (null). */
export function offeredModel(id: string | null, offered: { id: string }[]): string | null {
  return id !== null && offered.some((m) => m.id === id) ? id : null;
}
