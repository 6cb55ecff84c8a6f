import sharp from "sharp";
import type { FoundIcons } from "../preview/find-icon.server";
import { iconSets, type IconSetId } from "../preview/icon-sets.server";
import { hashText } from "../prompts";
import type { GenerateRequest } from "./provider";

export interface Picked {
  chosen: { set: IconSetId; name: string };
  mirrored: boolean;
  /** The treatment's tint: 0, or the same icon in the palette's other colours. */
  tint: number;
}

/** How many tints of each drawing follow once an object has every drawing of its subject. */
const TINTS = 2;

/**
 * Which drawing an image redraws. With what the object already has (`avoid`), the next one it has
 * not: the icons about the subject it has not drawn, then each in the palette's other colours, then
 * each facing the other way, or none is left.
 * The person's chosen drawing stands for the object's choices. Without, as variations always were:
 * the other equally good icons by the seed, a subject with one facing the other way every other time.
 */
export function pickDrawing(request: GenerateRequest, index: number, found: FoundIcons): Picked | null {
  const chosenDrawing = request.drawing && iconSets[request.drawing.set as IconSetId] ? request.drawing : null;
  const { choices } = found;
  const icons = chosenDrawing
    ? [{ set: chosenDrawing.set as IconSetId, name: chosenDrawing.icon }]
    : choices.map(({ set, name }) => ({ set, name }));
  // Once the equally good icons are drawn, the library's other icons about the subject follow.
  const further = chosenDrawing ? [] : found.more.map(({ set, name }) => ({ set, name }));
  if (!request.avoid || request.variant === undefined) {
    if (chosenDrawing) return { chosen: icons[0]!, mirrored: (request.variant ?? 0) % 2 === 1, tint: 0 };
    const variant = hashText(`${request.seed}`) + index;
    return { chosen: icons[variant % icons.length]!, mirrored: icons.length === 1 && variant % 2 === 1, tint: 0 };
  }
  const drawn = new Set(request.avoid.drawings);
  const undrawn = [...icons, ...further].filter((icon) => !drawn.has(`${icon.set}:${icon.name}`));
  // Images beyond the distinct drawings it has are the tinted and mirrored ones, made in this order.
  const extrasMade = Math.max(0, request.avoid.images - drawn.size);
  // Then each in the palette's other colours, then each facing the other way (last: a symmetric
  // icon's mirror repeats it, and the engine says so rather than draw it).
  const extras = [
    ...Array.from({ length: TINTS }, (_, t) =>
      icons.map((chosen) => ({ chosen, mirrored: false, tint: t + 1 })),
    ).flat(),
    ...icons.map((chosen) => ({ chosen, mirrored: true, tint: 0 })),
  ];
  const left = [...undrawn.map((chosen) => ({ chosen, mirrored: false, tint: 0 })), ...extras.slice(extrasMade)];
  return left[request.variant + index] ?? null;
}

/** Whether two drawings look the same at a glance: a symmetric icon's mirror is no new image. */
export async function looksTheSame(
  picture: { width: number; height: number; body: string },
  other: string,
): Promise<boolean> {
  const small = (body: string) =>
    sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${picture.width}" height="${picture.height}" viewBox="0 0 ${picture.width} ${picture.height}">${body}</svg>`,
      ),
    )
      .resize(96, 96, { fit: "fill" })
      .ensureAlpha()
      .raw()
      .toBuffer();
  const [a, b] = await Promise.all([small(picture.body), small(other)]);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference += Math.abs(a[i]! - b[i]!);
  return difference / a.length < 2;
}
