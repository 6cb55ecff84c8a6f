import type { ModelView } from "./models";

/** The actions beyond drawing a new image that only some models can do. */
export type ModelAbilityKey = "edit" | "region" | "views" | "upscale" | "train" | "vector";

/** One such action on one model: whether it can, and why not in one sentence. */
export interface ModelAbility {
  key: ModelAbilityKey;
  /** "Edit with words": short, for a chip or a list. */
  label: string;
  can: boolean;
  /** Null when it can. The provider's own sentence where it gives one. */
  why: string | null;
}

/**
 * What a model can do to images it or another made, each with its reason when it cannot, so the
 * browser says why before anything is clicked (the server refuses the same with a 409).
 */
export function modelAbilities(model: ModelView): ModelAbility[] {
  const ability = (key: ModelAbilityKey, label: string, can: boolean, why: string) => ({
    key,
    label,
    can,
    why: can ? null : why,
  });
  return [
    ability("edit", "Edit with words", model.edit.words, model.edit.why ?? "It cannot change an image."),
    ability(
      "region",
      "Repaint a region",
      model.edit.region,
      model.edit.why ?? "It cannot keep to a painted region, so it cannot extend a canvas or paint a new background.",
    ),
    ability("views", "Other views and poses", model.views.can, model.views.why ?? "It cannot draw other views."),
    ability(
      "upscale",
      "AI upscale",
      model.upscaler !== null,
      "It has no AI upscaler; the basic upscale (no AI, free) works with every model.",
    ),
    ability("train", "Training", model.trainer !== null, "It cannot learn a style or a character."),
    ability(
      "vector",
      "Native SVG",
      model.vector !== null,
      "It draws pixels: an SVG of a flat style's image is traced from them.",
    ),
  ];
}

/** The reasons a model cannot do some actions, each once with the actions it stops ("Edit with words, Repaint a region"). */
export function reasonsNot(abilities: readonly ModelAbility[]): { labels: string[]; why: string }[] {
  const reasons: { labels: string[]; why: string }[] = [];
  for (const ability of abilities) {
    if (ability.can || !ability.why) continue;
    const same = reasons.find((reason) => reason.why === ability.why);
    if (same) same.labels.push(ability.label);
    else reasons.push({ labels: [ability.label], why: ability.why });
  }
  return reasons;
}
