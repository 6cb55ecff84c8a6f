import sharp from "sharp";
import { ProviderError } from "./provider";

/**
 * Where the picture lies on an outpaint's canvas (EditRequest.outpaint), for providers whose own
 * outpaint takes the picture as it is and how many pixels to add on each side rather than a canvas
 * and a mask. The mask is white over the new space; the picture is everything the mask does not
 * cover whole (its feathered border included), so it is cut out at its full size.
 */
export interface CanvasPlacement {
  /** The picture cut out of the canvas, as a PNG. */
  picture: Buffer;
  /** The pixels of new space on each side of it. */
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** The canvas's size: what the outpainted image must come back at. */
  width: number;
  height: number;
}

/**
 * Below this a mask's pixel is the picture's. Near white rather than white: a canvas sent smaller
 * than it was drawn blurs the new space's edge by a pixel or so, which should not count as new.
 */
const NEW_SPACE = 250;

export async function placementOnCanvas(canvas: Buffer, mask: Buffer): Promise<CanvasPlacement> {
  const { data, info } = await sharp(mask).greyscale().raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * channels]! >= NEW_SPACE) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  if (right < 0) throw new ProviderError("The outpaint's mask leaves no picture to extend");
  const box = { left, top, width: right - left + 1, height: bottom - top + 1 };
  const size = await sharp(canvas).metadata();
  if (size.width !== width || size.height !== height) {
    throw new ProviderError(`The outpaint's mask is ${width}×${height}, its canvas ${size.width}×${size.height}`);
  }
  return {
    picture: await sharp(canvas).extract(box).png().toBuffer(),
    left,
    right: width - 1 - right,
    top,
    bottom: height - 1 - bottom,
    width,
    height,
  };
}
