import type { z } from "zod";
import type { DraftSchema } from "./reload-drafts";
import type { composerDraftSchema, editStyleDraftSchema, newStyleDraftSchema } from "./draft-schemas";

export type NewStyleDraft = z.infer<typeof newStyleDraftSchema>;
export type EditStyleDraft = z.infer<typeof editStyleDraftSchema>;
export type ComposerDraft = z.infer<typeof composerDraftSchema>;

/** The schemas of the forms' drafts, each loaded only when a draft is restored. */
export const newStyleDraft: DraftSchema<NewStyleDraft> = () =>
  import("./draft-schemas").then((m) => m.newStyleDraftSchema);
export const editStyleDraft: DraftSchema<EditStyleDraft> = () =>
  import("./draft-schemas").then((m) => m.editStyleDraftSchema);
export const composerDraft: DraftSchema<ComposerDraft> = () =>
  import("./draft-schemas").then((m) => m.composerDraftSchema);

/** A restored model the operator no longer offers falls back to the default (null). */
export function offeredModel(id: string | null, offered: { id: string }[]): string | null {
  return id !== null && offered.some((m) => m.id === id) ? id : null;
}
