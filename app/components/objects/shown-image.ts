import { responsiveImage } from "#domain/image-url";
import type { ObjectImageView } from "#domain/objects";

/**
 * The attributes an object's image is shown with. Pixel art is shown from its own PNG, enlarged
 * by the browser pixel for pixel: a resampled WebP copy would soften its edges and shift its
 * locked colours. Everything else, a copy of the width it is shown at.
 */
export function shownImage(
  image: Pick<ObjectImageView, "url" | "signature" | "width" | "lineage">,
  options: { displayWidth: number; quality: number },
): { src: string; srcSet?: string; className: string } {
  if (image.lineage.operation === "pixelated") return { src: image.url, className: "[image-rendering:pixelated]" };
  return { ...responsiveImage(image, { ...options, sourceWidth: image.width }), className: "" };
}
