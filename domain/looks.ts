/**
 * The flat looks an image can be traced to SVG in: few flat colours and clean shapes.
 * Painterly or photographic styles have no faithful small SVG, so they get none.
 */
export const flatLooks = ["pixel", "icon", "line"] as const;
export type FlatLook = (typeof flatLooks)[number];

const presetLooks: Record<string, FlatLook> = { flat: "icon", pixel: "pixel", line: "line" };

/** The style's flat look: from its built-in preset, else from the words of its description; null when it has none. */
export function flatLookOf(style: { presetId: string | null; description: string }): FlatLook | null {
  if (style.presetId && presetLooks[style.presetId]) return presetLooks[style.presetId]!;
  const words = style.description.toLowerCase();
  if (/\bpixel[- ]?art\b|\bsprites?\b|\b(8|16)[- ]bit\b/.test(words)) return "pixel";
  if (/\bline[- ]?art\b|\bmonoline\b|\bline drawings?\b/.test(words)) return "line";
  if (/\bflat\b|\bicons?\b|\bvector\b|\bstickers?\b|\blogos?\b/.test(words)) return "icon";
  return null;
}

export const SVG_NOT_OFFERED =
  "SVG is offered for flat styles only (icons, line art, pixel art): this style is not one.";
