import { responsiveImage } from "#domain/image-url";
import type { ObjectImageView } from "#domain/objects";

/**
 * The attributes an object's image is shown with. Pixel art, tiles and tile sets are shown from
 * their own small PNG, enlarged by the browser pixel for pixel: a resampled WebP copy would soften
 * their edges and shift their colours. Everything else, a copy of the width it is shown at.
 */
const crisp = new Set<ObjectImageView["lineage"]["operation"]>(["pixelated", "tiled", "autotiled"]);

export function shownImage(
  image: Pick<ObjectImageView, "url" | "signature" | "width" | "lineage">,
  options: { displayWidth: number; quality: number },
): { src: string; srcSet?: string; className: string } {
  if (crisp.has(image.lineage.operation)) return { src: image.url, className: "[image-rendering:pixelated]" };
  return { ...responsiveImage(image, { ...options, sourceWidth: image.width }), className: "" };
}
