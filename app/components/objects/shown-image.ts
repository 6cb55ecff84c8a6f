import { responsiveImage, sizedImage } from "#domain/image-url";
import type { ObjectImageView } from "#domain/objects";

/**
 * The attributes an object's image is shown with. Pixel art, tiles and tile sets are shown from
 * their own small PNG, enlarged by the browser pixel for pixel: a resampled WebP copy would soften
 * their edges and shift their colours. Everything else, a copy of the width it is shown at: a
 * fixed `displayWidth`, or `sizes` with the `widths` to choose from where the screen decides it.
 */
const crisp = new Set<ObjectImageView["lineage"]["operation"]>(["pixelated", "tiled", "autotiled"]);

type Shown = { src: string; srcSet?: string; sizes?: string; className: string };

export function shownImage(
  image: Pick<ObjectImageView, "url" | "signature" | "width" | "lineage">,
  options: { displayWidth: number; quality: number } | { sizes: string; widths: readonly number[]; quality: number },
): Shown {
  if (crisp.has(image.lineage.operation)) return { src: image.url, className: "[image-rendering:pixelated]" };
  const chosen =
    "sizes" in options
      ? sizedImage(image, { ...options, sourceWidth: image.width })
      : responsiveImage(image, { ...options, sourceWidth: image.width });
  return { ...chosen, className: "" };
}
