import { generateObjectsOperation } from "./generate-objects.server";
import { listObjectsOperation } from "./list-objects.server";
import { getObjectOperation } from "./get-object.server";
import { updateObjectOperation } from "./update-object.server";
import { deleteObjectOperation } from "./delete-object.server";
import { makeMoreVariationsOperation } from "./make-more-variations.server";
import { drawViewsOperation } from "./draw-views.server";
import { editImageOperation } from "./edit-image.server";
import { outpaintImageOperation } from "./outpaint-image.server";
import { removeImageBackgroundOperation } from "./remove-image-background.server";
import { upscaleImageOperation } from "./upscale-image.server";
import { aiUpscaleImageOperation } from "./ai-upscale-image.server";
import { makePixelArtOperation } from "./make-pixel-art.server";
import { makeSeamlessTileOperation } from "./make-seamless-tile.server";
import { makeAutotileSetOperation } from "./make-autotile-set.server";
import { makeAnimationOperation } from "./make-animation.server";
import { drawAnimationOperation } from "./draw-animation.server";
import { redrawAnimationFrameOperation } from "./redraw-animation-frame.server";
import { reorderAnimationFramesOperation } from "./reorder-animation-frames.server";
import { drawTextureOperation } from "./draw-texture.server";
import { recolourObjectsOperation } from "./recolour-objects.server";
import { normaliseObjectsOperation } from "./normalise-objects.server";

/** Objects: generate sets, list, read, rename, choose covers, delete, and the work on their images. */
export const objectOperations = [
  generateObjectsOperation,
  recolourObjectsOperation,
  normaliseObjectsOperation,
  listObjectsOperation,
  getObjectOperation,
  updateObjectOperation,
  deleteObjectOperation,
  makeMoreVariationsOperation,
  drawViewsOperation,
  editImageOperation,
  outpaintImageOperation,
  removeImageBackgroundOperation,
  upscaleImageOperation,
  aiUpscaleImageOperation,
  makePixelArtOperation,
  makeSeamlessTileOperation,
  makeAutotileSetOperation,
  drawTextureOperation,
  makeAnimationOperation,
  drawAnimationOperation,
  redrawAnimationFrameOperation,
  reorderAnimationFramesOperation,
];
