import { downloadImageOperation } from "./download-image.server";
import { downloadImageSvgOperation } from "./download-image-svg.server";
import { downloadReferenceImageOperation } from "./download-reference-image.server";
import { downloadImageSmallerOperation } from "./download-image-smaller.server";
import { downloadImageScaledOperation } from "./download-image-scaled.server";
import { downloadTilesetOperation } from "./download-tileset.server";
import { downloadAnimationOperation } from "./download-animation.server";

/**
 * Stored images, served only to their owner (session-checked, per record), and the
 * image-optimisation endpoint, which resolves its url through the same check.
 */
export const fileOperations = [
  downloadImageOperation,
  downloadImageSvgOperation,
  downloadReferenceImageOperation,
  downloadImageSmallerOperation,
  downloadImageScaledOperation,
  downloadTilesetOperation,
  downloadAnimationOperation,
];
